import { EditOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneLink } from '../../../shared/PhoneLink';
import { usePhone } from '../../../shared/phone';
import { visitorLabel } from '../../../shared/visitorLabel';
import { avatarUrl } from '../avatar';
import { useVisitor } from '../queries';
import { BehaviorStats } from './BehaviorStats';
import { DynamicsTab } from './DynamicsTab';
import { EditVisitorDialog } from './EditVisitorDialog';
import { FollowUpTab } from './FollowUpTab';
import { LeadDetails } from './LeadDetails';
import { LeadSourceLine } from './LeadSourceLine';
import { MergePanel, SamePhoneHint } from './MergePanel';
import { ScorePanel } from './ScorePanel';

/** 线索详情: avatar, nickname, position, company, phone; the lead score; tabs 动态 / 跟进记录 / 线索明细 / 行为统计. */
export function VisitorDrawer({
  id,
  onClose,
  initialTab = 'dynamics',
}: {
  id: number | null;
  onClose: () => void;
  /** `followUps` opens the follow-up form (the hot notice's 添加跟进). */
  initialTab?: string;
}) {
  const { t } = useTranslation('radar');
  const { data: v, isPending } = useVisitor(id);
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState(initialTab);
  // On a phone antd's 32 px between tabs hid the fifth (and half the fourth) behind 「…」: 12 px keeps all five in
  // the row at 360 px and wider, in both languages.
  const phone = usePhone();
  useEffect(() => {
    if (id) setTab(initialTab);
  }, [id, initialTab]);
  return (
    <Drawer
      title={t('drawer.title')}
      open={!!id}
      onClose={onClose}
      size={560}
      destroyOnHidden
      afterOpenChange={(open) => !open && setTab('dynamics')}
      rootClassName="visitor-drawer"
    >
      {isPending || !v ? (
        <Skeleton active avatar />
      ) : (
        <>
          {/* One flex row: the words take the room between the avatar and 编辑, which stays at the right edge (in
              antd's Space the words' box was as wide as its text, and 编辑 followed a short name to mid-row). */}
          <div
            style={{ display: 'flex', alignItems: 'flex-start', gap: 16, marginBottom: 12 }}
            data-testid="visitor-head"
          >
            <Avatar size={64} src={avatarUrl(v.headimgurl)} icon={<UserOutlined />} style={{ flexShrink: 0 }} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Typography.Title level={5} style={{ margin: 0 }} data-testid="visitor-name">
                {visitorLabel(v.nickname, v.id, t('anonymous'))}
              </Typography.Title>
              <div style={{ color: 'rgba(0,0,0,.55)' }}>{[v.position, v.company].filter(Boolean).join(' · ')}</div>
              <div>
                <PhoneLink phone={v.phone} />
              </div>
              <LeadSourceLine id={v.id} />
            </div>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} style={{ flexShrink: 0 }}>
              {t('drawer.edit')}
            </Button>
          </div>
          <SamePhoneHint visitor={v} onGone={onClose} />
          <ScorePanel id={v.id} />
          <Tabs
            activeKey={tab}
            onChange={setTab}
            tabBarGutter={phone ? 12 : undefined}
            items={[
              {
                key: 'dynamics',
                label: t('drawer.dynamics'),
                children: <DynamicsTab id={v.id} active={tab === 'dynamics'} />,
              },
              { key: 'followUps', label: t('followUp.title'), children: <FollowUpTab id={v.id} /> },
              { key: 'details', label: t('drawer.details'), children: <LeadDetails visitor={v} /> },
              { key: 'stats', label: t('drawer.stats'), children: <BehaviorStats id={v.id} /> },
              { key: 'merges', label: t('merge.tab'), children: <MergePanel visitor={v} onGone={onClose} /> },
            ]}
          />
          <EditVisitorDialog open={editing} visitor={v} onClose={() => setEditing(false)} />
        </>
      )}
    </Drawer>
  );
}
