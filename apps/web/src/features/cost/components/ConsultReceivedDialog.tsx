import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config';

/** Consult-received dialog (SPEC §2.3): the request arrived, an adviser calls soon, the support line; one OK. */
export function ConsultReceivedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('cost');
  const phone = useConfig((c) => c.supportPhone);
  return (
    <Modal
      open={open}
      title={t('consult.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('ok')}
        </Button>
      }
    >
      <Result status="success" title={t('consult.received')} subTitle={t('consult.body', { phone })} />
    </Modal>
  );
}
