import { BADGE_CAP, MESSAGE_CLASS, type MessageType, PERMISSION } from '@huoke/contracts';
import { Badge, Button, Drawer, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../shared/Permission';
import { usePhone } from '../../../shared/phone';
import { useReadClass } from '../queries';
import { MessageList } from './MessageList';
import { PublishDialog } from './PublishDialog';

const TABS = [
  { classId: MESSAGE_CLASS.system, key: 'system' },
  { classId: MESSAGE_CLASS.radar, key: 'radar' },
  { classId: MESSAGE_CLASS.dailyShare, key: 'dailyShare' },
] as const;

/**
 * 消息: tabs 系统消息 / 客情雷达 / 每日分享 with unread badges (≤ 99); opening a tab reads its class. Beside the list on
 * a desktop; above it on a phone, where a column of tabs took ~40 % of 390 px and a message wrapped a few words a line.
 */
export default function MessageDrawer({
  open,
  onClose,
  counts,
}: {
  open: boolean;
  onClose: () => void;
  counts: MessageType[];
}) {
  const { t } = useTranslation('messages');
  const [active, setActive] = useState<number>(MESSAGE_CLASS.system);
  const [publishing, setPublishing] = useState(false);
  const phone = usePhone();
  const readClass = useReadClass();
  const { mutate } = readClass;
  useEffect(() => {
    if (open) mutate(active);
  }, [open, active, mutate]);
  const countOf = (c: number) => counts.find((x) => x.value === c)?.count ?? 0;
  return (
    <Drawer
      title={t('title')}
      open={open}
      onClose={onClose}
      size={520}
      rootClassName="message-drawer"
      extra={
        <Permission value={[PERMISSION.messagePublish]}>
          <Button size="small" onClick={() => setPublishing(true)}>
            {t('publish.open')}
          </Button>
        </Permission>
      }
    >
      <Tabs
        tabPlacement={phone ? 'top' : 'start'}
        activeKey={String(active)}
        onChange={(k) => setActive(Number(k))}
        style={{ height: '100%' }}
        items={TABS.map((tab) => ({
          key: String(tab.classId),
          label: (
            <span data-testid={`message-tab-${tab.classId}`} data-count={countOf(tab.classId)}>
              <Badge count={countOf(tab.classId)} overflowCount={BADGE_CAP} size="small" offset={[8, -2]}>
                {t(tab.key)}
              </Badge>
            </span>
          ),
          children: <MessageList classId={tab.classId} active={open && active === tab.classId} onNavigate={onClose} />,
        }))}
      />
      <PublishDialog open={publishing} onClose={() => setPublishing(false)} />
    </Drawer>
  );
}
