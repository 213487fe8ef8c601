import { BankOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanyChoice } from '../../../shared/companyChoice';

/**
 * The workbench of someone in no company (just registered, or removed from their last one): what to do first,
 * 创建企业 or 加入企业, instead of figures that are all zero and quick actions whose pages only say the service is
 * missing. Invitations to their phone are answered in 选择企业.
 */
export function NewcomerWelcome() {
  const { t } = useTranslation('workbench');
  const ask = useCompanyChoice((s) => s.ask);
  return (
    <Card variant="borderless" data-testid="workbench-newcomer">
      <Result
        icon={<BankOutlined style={{ color: '#1677ff' }} />}
        title={t('newcomer.title')}
        subTitle={<span style={{ display: 'inline-block', maxWidth: 520 }}>{t('newcomer.text')}</span>}
        extra={
          <Space orientation="vertical" size="middle">
            <Space wrap style={{ justifyContent: 'center' }}>
              <Button type="primary" onClick={() => ask('create')}>
                {t('newcomer.create')}
              </Button>
              <Button onClick={() => ask('join')}>{t('newcomer.join')}</Button>
            </Space>
            <Typography.Text type="secondary">
              {t('newcomer.invited')}
              <Button type="link" size="small" onClick={() => ask('switch')}>
                {t('newcomer.invitations')}
              </Button>
            </Typography.Text>
          </Space>
        }
      />
    </Card>
  );
}
