import type { DeletedDocument } from '@huoke/contracts';
import { Button, Drawer, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { ItemList, ItemText } from '../../../shared/ItemList';
import { failureOf } from '../../../shared/ListFailure';
import { useDeletedDocuments } from '../queries';
import { iconOf } from './fileFormats';

/**
 * 最近删除: the documents deleted in the last 30 days that the caller may restore (the server's list, so a reload or
 * another device shows the same), each with when it was deleted and 恢复.
 */
export function RecycleDrawer({
  open,
  onRestore,
  onClose,
}: {
  open: boolean;
  onRestore: (d: DeletedDocument) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const deleted = useDeletedDocuments();
  return (
    <Drawer open={open} title={t('recycle')} size={420} onClose={onClose}>
      <Typography.Paragraph type="secondary">{t('recycleHint')}</Typography.Paragraph>
      <ItemList
        items={deleted.data?.data}
        loading={deleted.isLoading}
        empty={t('recycleEmpty')}
        {...failureOf(deleted)}
        itemKey={(d) => d.id}
        render={(d) => (
          <ItemText
            title={
              <Space>
                {iconOf(d.documentType)}
                <span data-user-content>{d.title}</span>
              </Space>
            }
            description={t('deletedAt', { time: formatDateTime(d.deletedAt) })}
          />
        )}
        extra={(d) => (
          <Button size="small" onClick={() => onRestore(d)}>
            {t('restore')}
          </Button>
        )}
      />
    </Drawer>
  );
}
