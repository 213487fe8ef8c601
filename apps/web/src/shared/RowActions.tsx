import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from './confirm';
import './RowActions.css';

/** An action of a row's 更多 menu; `confirm`: asked first (a danger OK when `danger`), as a Popconfirm would. */
interface MoreAction {
  key: string;
  label: string;
  onClick: () => unknown;
  danger?: boolean;
  confirm?: string;
}

/**
 * A table row's actions (small link buttons): 10 px apart without each button's own side padding; in Chinese on one
 * line, the column taking the room they need (an article's five wrapped at 1440 px when the table squeezed their
 * column), in English and on a phone's card wrapped (RowActions.css). The ones used less (`more`: the enterprise
 * toggle, delete) go under 更多, so that the table's figures fit a 1280 px laptop beside its actions.
 */
export function RowActions({ children, more = [] }: { children: ReactNode; more?: MoreAction[] }) {
  const { t } = useTranslation('common');
  const run = async (a: MoreAction) => {
    if (a.confirm && !(await confirmAction(a.confirm, undefined, a.danger ? { ok: a.label, danger: true } : undefined)))
      return;
    await a.onClick();
  };
  return (
    <Space size={10} className="row-actions">
      {children}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
            onClick: ({ key }) => {
              const a = more.find((m) => m.key === key);
              if (a) void run(a);
            },
          }}
        >
          <Button size="small" type="link">
            {t('more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
