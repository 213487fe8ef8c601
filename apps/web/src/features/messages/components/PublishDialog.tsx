import { BROADCAST_TYPE, MESSAGE_CLASS, type PublishBody } from '@huoke/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, message, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/FormDialog';
import { ImageField } from '../../../shared/pickers/ImageField';
import { messagesApi } from '../api';
import { plainTextToHtml } from '../plainText';
import { messageKeys } from '../queries';

interface Values {
  classId: number;
  title: string;
  body: string;
  broadcastType: number;
  imageUrl: string;
}

/** An administrator publishes a system message (HTML) or a daily share (poster or article) to the company. */
export function PublishDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const classId = Form.useWatch('classId', form);
  const broadcastType = Form.useWatch('broadcastType', form);
  const publish = useMutation({
    mutationFn: (body: PublishBody) => messagesApi.publish(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
  const submit = async (v: Values) => {
    const body: PublishBody =
      v.classId === MESSAGE_CLASS.system
        ? { classId: MESSAGE_CLASS.system, title: v.title, description: plainTextToHtml(v.body ?? '') }
        : {
            classId: MESSAGE_CLASS.dailyShare,
            title: v.title,
            description: {
              BroadcastType: v.broadcastType === BROADCAST_TYPE.poster ? 1 : 2,
              ImageUrl: v.imageUrl ?? '',
              Title: v.title,
              ShortContent: v.body ?? '',
            },
          };
    await publish.mutateAsync(body);
    message.success(t('publish.success'));
    onClose();
  };
  return (
    <FormDialog
      title={t('publish.title')}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={submit}
      refusalFields={{ 'description.ImageUrl': 'imageUrl' }}
      // The type keeps its default most times: the cursor starts in 标题, where writing begins (Enter publishes).
      startInText
      formProps={{
        name: 'message-publish',
        layout: 'vertical',
        initialValues: { classId: MESSAGE_CLASS.system, broadcastType: BROADCAST_TYPE.poster },
      }}
    >
      <Form.Item name="classId" label={t('publish.type')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: MESSAGE_CLASS.system, label: t('system') },
            { value: MESSAGE_CLASS.dailyShare, label: t('dailyShare') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('publish.titleLabel')}
        rules={[{ required: true, whitespace: true, message: t('publish.titleRequired') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      {classId === MESSAGE_CLASS.dailyShare && (
        <>
          <Form.Item name="broadcastType" label={t('publish.broadcastType')}>
            <Radio.Group
              options={[
                { value: BROADCAST_TYPE.poster, label: t('poster') },
                { value: BROADCAST_TYPE.article, label: t('article') },
              ]}
            />
          </Form.Item>
          {/* Chosen or uploaded in 选择素材, as every picture of the console; its address is stored as before. */}
          <Form.Item
            name="imageUrl"
            label={t('publish.image')}
            rules={[
              // A poster is its image; an article's image is optional.
              { required: broadcastType === BROADCAST_TYPE.poster, message: t('publish.imageRequired') },
            ]}
          >
            <ImageField label={t('publish.image')} />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="body"
        label={classId === MESSAGE_CLASS.dailyShare ? t('publish.shortContent') : t('publish.body')}
      >
        <Input.TextArea rows={5} maxLength={classId === MESSAGE_CLASS.dailyShare ? 2000 : 100_000} />
      </Form.Item>
    </FormDialog>
  );
}
