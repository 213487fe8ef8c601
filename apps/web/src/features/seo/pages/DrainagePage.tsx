import { SafetyCertificateOutlined } from '@ant-design/icons';
import { seoImportRoutes } from '@huoke/contracts/routes/seo';
import { Avatar, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { importTarget } from '../../../shared/import/api';
import { DataImport } from '../../../shared/import/DataImport';
import { PageTabs } from '../../../shared/PageTabs';
import { useSession } from '../../../shared/session';
import { KeywordRankings } from '../components/KeywordRankings';
import { NewsList } from '../components/NewsList';
import { useAiKey, useCompanyFacts } from '../queries';

/** Lead generation (引流获客, SEO): the company's keyword rankings and the news published for its keywords. */
export default function DrainagePage() {
  const { t } = useTranslation('seo');
  const key = useAiKey();
  const facts = useCompanyFacts(key.data?.customerId);
  const isAdmin = useSession((s) => s.info?.isAdmin);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space>
          <Avatar src={facts.data?.logo || undefined}>{facts.data?.customerName.slice(0, 1)}</Avatar>
          <Typography.Text strong>{facts.data?.customerName}</Typography.Text>
          {facts.data?.authenticated && (
            <Tag icon={<SafetyCertificateOutlined />} color="success">
              {t('common:realName.certified')}
            </Tag>
          )}
          <Typography.Text type="secondary">{t('drainage')}</Typography.Text>
        </Space>
      </Card>
      <PageTabs
        items={[
          { key: 'rankings', label: t('rankings'), children: <KeywordRankings /> },
          { key: 'news', label: t('news'), children: <NewsList /> },
          ...(isAdmin
            ? [
                {
                  key: 'import',
                  label: t('importRanks'),
                  children: (
                    <DataImport
                      target={importTarget(seoImportRoutes)}
                      title={t('importRanks')}
                      templateName="seo-ranks"
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}
