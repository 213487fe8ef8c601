import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { cloneElement, type ReactElement, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from './confirm';
import './RowActions.css';

/**
 * An action of a row's 更多 menu. `confirm`: asked first with these words (its OK button says what the item says,
 * red when `danger`, and the dialog opens on 取消 then).
 */
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
 * toggle, 重命名, 删除) go under 更多, so that the table's figures fit a 1280 px laptop beside its actions.
 *
 * The menu is built afresh each time it opens and takes the focus, so the arrow keys move in it at once and it starts
 * on its first item (it reopened on the item last chosen, one Enter from undoing it). Afresh by its own key per
 * opening, not by the popup's removal alone: reopened while it was still fading out (or between its hiding and its
 * removal), the popup kept the old menu, and with it the item last chosen. The key goes on the menu itself (cloned):
 * a wrapper would hide the menu's ref, by which the dropdown gives it the focus. A chosen item runs once the
 * key that chose it is over: run at once, 重命名's dialog took that Enter as its own and closed. Focus comes back to
 * 更多 when the menu or a question about an item closes without doing anything.
 */
export function RowActions({ children, more = [] }: { children: ReactNode; more?: MoreAction[] }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const run = async (a: MoreAction) => {
    if (a.confirm && !(await confirmAction(a.confirm, undefined, { ok: a.label, danger: a.danger }))) {
      button.current?.focus();
      return;
    }
    await a.onClick();
  };
  return (
    <Space size={10} className="row-actions">
      {children}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (next) setOpening((n) => n + 1);
            else button.current?.focus();
          }}
          autoFocus
          destroyOnHidden
          popupRender={(node) => cloneElement(node as ReactElement, { key: opening })}
          menu={{
            items: more.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
            onClick: ({ key }) => {
              setOpen(false);
              const a = more.find((m) => m.key === key);
              if (a) setTimeout(() => void run(a), 0);
            },
          }}
        >
          <Button ref={button} size="small" type="link" aria-haspopup="menu" aria-expanded={open}>
            {t('more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
