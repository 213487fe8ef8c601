import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Input, message, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/confirm';
import { ranksApi } from '../api';

/** Admins get a read-only link of the data view for people without an account. */
export function PublicLinkButton() {
  const { t } = useTranslation('stats');
  const [link, setLink] = useState<string>();
  const show = (code: string) => {
    if (code) setLink(`${window.location.origin}/ranks/open-views?code=${code}`);
  };
  const open = async () => {
    // A refusal (staff: 403) is shown by the shared request client.
    show((await ranksApi.publicCode().catch(() => ({ code: '' }))).code);
  };
  // A link that went where it should not: a new one, and the old one stops at once.
  const renew = async () => {
    const sure = await confirmAction(t('renewText'), t('renewTitle'), {
      ok: t('renew'),
      danger: true,
    });
    if (!sure) return;
    const { code } = await ranksApi.resetPublicCode();
    show(code);
    message.success(t('renewed'));
  };
  return (
    <Popover
      trigger="click"
      open={!!link}
      onOpenChange={(o) => !o && setLink(undefined)}
      content={
        <Space orientation="vertical" style={{ width: 360 }}>
          <Typography.Text type="secondary">{t('publicLinkTip')}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link} data-testid="public-link" />
            <Button
              onClick={async () => {
                await navigator.clipboard?.writeText(link ?? '');
                message.success(t('copied'));
              }}
            >
              {t('copy')}
            </Button>
          </Space.Compact>
          <Button type="link" danger size="small" style={{ padding: 0 }} onClick={() => void renew().catch(() => {})}>
            {t('renew')}
          </Button>
        </Space>
      }
    >
      <Button icon={<ShareAltOutlined />} onClick={open}>
        {t('publicLink')}
      </Button>
    </Popover>
  );
}
