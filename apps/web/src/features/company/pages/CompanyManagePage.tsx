import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuditLog } from '../../../shared/AuditLog';
import { PageTabs } from '../../../shared/PageTabs';
import { ApplicationsTab } from '../components/ApplicationsTab';
import { BindingsTab } from '../components/BindingsTab';
import { EditorSettingsTab } from '../components/EditorSettingsTab';
import { MembersTab } from '../components/MembersTab';
import { ScoreSettingsSection } from '../components/ScoreSettingsSection';
import { SeatsTab } from '../components/SeatsTab';

const TABS = ['members', 'seats', 'thirdParty', 'applications', 'audit', 'editor', 'leadScore'] as const;

/** /manage/company-manage/info: 成员 / 席位 / 第三方 / 加入申请 / 操作日志 / 编辑器配置 / 线索分设置. */
export default function CompanyManagePage() {
  const { t } = useTranslation('company');
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'members';
  return (
    <Card title={t('title')} variant="borderless">
      <PageTabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'members', label: t('tabs.members'), children: <MembersTab /> },
          { key: 'seats', label: t('tabs.seats'), children: <SeatsTab /> },
          { key: 'thirdParty', label: t('tabs.thirdParty'), children: <BindingsTab /> },
          { key: 'applications', label: t('tabs.applications'), children: <ApplicationsTab /> },
          { key: 'audit', label: t('tabs.audit'), children: <AuditLog /> },
          { key: 'editor', label: t('tabs.editor'), children: <EditorSettingsTab /> },
          { key: 'leadScore', label: t('tabs.leadScore'), children: <ScoreSettingsSection /> },
        ]}
      />
    </Card>
  );
}
