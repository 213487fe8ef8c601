import { EVENT_KIND, type ShareAnswer, type Website } from '@huoke/contracts';
import { Drawer, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContentSpreadButton } from '../../../shared/share/ContentSpreadButton';
import { ShareResult } from '../../../shared/share/ShareResult';

/**
 * A mini-site's share, as a video's or a document's (shared/share/ShareDrawer): the site named, its QR code and
 * whole link with 复制 and the scanning hint, and 传播 to its spread view.
 */
export function WebsiteShareDrawer({
  shared,
  onClose,
}: {
  shared: { website: Website; answer: ShareAnswer } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('websites');
  return (
    <Drawer open={!!shared} title={t('share')} size={560} onClose={onClose} destroyOnHidden>
      {shared && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Title level={5} style={{ margin: 0 }} data-user-content>
            {shared.website.title}
          </Typography.Title>
          <ShareResult result={shared.answer} />
          <ContentSpreadButton kind={EVENT_KIND.microSite} contentId={shared.website.id} title={shared.website.title} />
        </Space>
      )}
    </Drawer>
  );
}
