import { EDITOR_TOOLS, type EditorSettings, WATERMARK_POINTS } from '@huoke/contracts/editor';
import { Alert, Button, Card, Checkbox, Col, Form, Input, InputNumber, message, Row, Select, Spin, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSettings, useSaveEditorSettings } from '../../../shared/editorSettings';
import { formSaves } from '../../../shared/form';
import { ImageField } from '../../../shared/pickers/ImageField';

/**
 * 编辑器配置 (SPEC §2.3): which tools the article editor offers, its text defaults, how inserted images are sized,
 * compressed and watermarked (PictureUpload's options, §7), and the footer under every shared article.
 */
export function EditorSettingsTab() {
  const { t } = useTranslation('company');
  const { data, isLoading } = useEditorSettings();
  const save = useSaveEditorSettings();
  const [form] = Form.useForm<EditorSettings>();
  const watermarkOn = Form.useWatch(['watermark', 'enabled'], form);
  const footerOn = Form.useWatch(['footer', 'enabled'], form);
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  if (isLoading || !data) return <Spin />;
  const saves = formSaves(form, (v) =>
    save
      .mutateAsync({
        ...data,
        ...v,
        watermark: { ...data.watermark, ...v.watermark },
        footer: { ...data.footer, ...v.footer },
      })
      .then(() => message.success(t('saved'))),
  );
  return (
    <Form form={form} layout="vertical" initialValues={data} {...saves} style={{ maxWidth: 880 }}>
      <Alert type="info" showIcon title={t('editor.hint')} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card size="small" title={t('editor.toolbar')}>
            <Form.Item name="tools" noStyle>
              <Checkbox.Group
                aria-label={t('editor.toolbar')}
                options={EDITOR_TOOLS.map((k) => ({ value: k, label: t(`editor.tools.${k}`) }))}
              />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('editor.text')}>
            <Form.Item name="fontSize" label={t('editor.fontSize')} rules={[{ required: true }]}>
              <InputNumber min={12} max={32} suffix="px" aria-label={t('editor.fontSize')} />
            </Form.Item>
            <Form.Item name="paragraphSpacing" label={t('editor.paragraphSpacing')} rules={[{ required: true }]}>
              <InputNumber min={0} max={48} suffix="px" aria-label={t('editor.paragraphSpacing')} />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('editor.images')}>
            <Form.Item name="imageMaxWidth" label={t('editor.imageMaxWidth')} rules={[{ required: true }]}>
              <InputNumber min={100} max={2000} suffix="px" aria-label={t('editor.imageMaxWidth')} />
            </Form.Item>
            <Form.Item name="imageQuality" label={t('editor.imageQuality')} rules={[{ required: true }]}>
              <InputNumber min={10} max={100} aria-label={t('editor.imageQuality')} />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('editor.watermark')}>
            <Form.Item name={['watermark', 'enabled']} label={t('editor.watermarkEnabled')} valuePropName="checked">
              <Switch aria-label={t('editor.watermarkEnabled')} />
            </Form.Item>
            <Form.Item
              name={['watermark', 'url']}
              label={t('editor.watermarkImage')}
              rules={[{ required: !!watermarkOn, message: t('editor.watermarkRequired') }]}
            >
              <ImageField label={t('editor.watermarkImage')} size={72} />
            </Form.Item>
            <Form.Item name={['watermark', 'point']} label={t('editor.watermarkPoint')}>
              <Select
                aria-label={t('editor.watermarkPoint')}
                style={{ width: 160 }}
                options={WATERMARK_POINTS.map((p) => ({ value: p, label: t(`editor.points.${p}`) }))}
              />
            </Form.Item>
            <Form.Item name={['watermark', 'transparency']} label={t('editor.transparency')}>
              <InputNumber min={0} max={100} suffix="%" aria-label={t('editor.transparency')} />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('editor.footer')}>
            <Form.Item name={['footer', 'enabled']} label={t('editor.footerEnabled')} valuePropName="checked">
              <Switch aria-label={t('editor.footerEnabled')} />
            </Form.Item>
            <Form.Item name={['footer', 'signature']} label={t('editor.signature')}>
              <Input maxLength={100} disabled={!footerOn} aria-label={t('editor.signature')} />
            </Form.Item>
            <Form.Item name={['footer', 'contact']} label={t('editor.contact')}>
              <Input.TextArea rows={2} maxLength={200} disabled={!footerOn} aria-label={t('editor.contact')} />
            </Form.Item>
            <Form.Item name={['footer', 'qrCodeUrl']} label={t('editor.qrCode')}>
              <ImageField label={t('editor.qrCode')} size={72} disabled={!footerOn} />
            </Form.Item>
          </Card>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 16 }}>
        {t('editor.save')}
      </Button>
    </Form>
  );
}
