import type { DocumentItem } from '@huoke/contracts';
import { Form, Input, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/FormDialog';
import { useRenameDocument } from '../queries';

/** 重命名: a document's new title (required). */
export function RenameDialog({ doc, onClose }: { doc: DocumentItem | null; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const rename = useRenameDocument();
  const [form] = Form.useForm<{ title: string }>();
  return (
    <FormDialog
      open={!!doc}
      title={t('renameTitle')}
      form={form}
      onClose={onClose}
      onSubmit={async ({ title }) => {
        if (!doc) return;
        await rename.mutateAsync({ id: doc.id, title, wjtDocumentTypeId: doc.wjtDocumentTypeId });
        message.success(t('success'));
        onClose();
      }}
      formProps={{ layout: 'vertical', initialValues: { title: doc?.title } }}
    >
      <Form.Item name="title" rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}>
        <Input maxLength={100} />
      </Form.Item>
    </FormDialog>
  );
}
