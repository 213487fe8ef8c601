import type { DocumentItem } from '@huoke/contracts';
import { Form, Input, Modal, message } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { submitHandler } from '../../../shared/form';
import { useRenameDocument } from '../queries';

/** 重命名: a document's new title (required). */
export function RenameDialog({ doc, onClose }: { doc: DocumentItem | null; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const rename = useRenameDocument();
  const [form] = Form.useForm<{ title: string }>();
  useEffect(() => {
    if (doc) form.setFieldsValue({ title: doc.title });
  }, [doc, form]);
  return (
    <Modal
      open={!!doc}
      title={t('renameTitle')}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={rename.isPending}
      onCancel={onClose}
      onOk={submitHandler(async () => {
        const { title } = await form.validateFields();
        if (!doc) return;
        try {
          await rename.mutateAsync({ id: doc.id, title, wjtDocumentTypeId: doc.wjtDocumentTypeId });
          message.success(t('success'));
          onClose();
        } catch {
          // the request client has shown the error
        }
      })}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="title" rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
