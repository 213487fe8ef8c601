import type { DocumentItem } from '@huoke/contracts';
import { Button, Drawer, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../shared/ItemList';
import { iconOf } from './fileFormats';

/** 回收站: the documents deleted on this page, each with 恢复. */
export function RecycleDrawer({
  open,
  deleted,
  onRestore,
  onClose,
}: {
  open: boolean;
  deleted: DocumentItem[];
  onRestore: (d: DocumentItem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  return (
    <Drawer open={open} title={t('recycle')} size={420} onClose={onClose}>
      <ItemList
        items={deleted}
        empty={t('recycleEmpty')}
        itemKey={(d) => d.id}
        render={(d) => (
          <Space>
            {iconOf(d.documentType)}
            <span data-user-content>{d.title}</span>
          </Space>
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
