import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Open-application success dialog (SPEC §2.3): 温馨提示 + confirm; default body: an adviser will contact you. */
export function OpenSuccessDialog(props: { open: boolean; onClose: () => void; title?: string; content?: string }) {
  const { t } = useTranslation('account');
  return (
    <Modal
      open={props.open}
      title={props.title ?? t('openSuccess.title')}
      onOk={props.onClose}
      onCancel={props.onClose}
      okText={t('common:ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={420}
    >
      <p>{props.content ?? t('openSuccess.content')}</p>
    </Modal>
  );
}
