import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpreadView } from './SpreadView';

/** "传播" beside a content's share panel: opens its spread view. */
export function ContentSpreadButton({ kind, contentId, title }: { kind: number; contentId: number; title: string }) {
  const { t } = useTranslation('radar');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ShareAltOutlined />} onClick={() => setOpen(true)}>
        {t('chains.spread')}
      </Button>
      <Modal
        title={t('chains.spreadTitle')}
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        width={860}
        destroyOnHidden
      >
        <SpreadView kind={kind} contentId={contentId} title={title} />
      </Modal>
    </>
  );
}
