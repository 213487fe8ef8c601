import type { DocumentItem } from '@huoke/contracts';
import { Button, Drawer, List, Space } from 'antd';
import { useTranslation } from 'react-i18next';
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
      <List
        dataSource={deleted}
        locale={{ emptyText: t('recycleEmpty') }}
        renderItem={(d) => (
          <List.Item
            actions={[
              <Button key="restore" size="small" onClick={() => onRestore(d)}>
                {t('restore')}
              </Button>,
            ]}
          >
            <Space>
              {iconOf(d.documentType)}
              {d.title}
            </Space>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
