import { type LeadSettings, SCORE_BOUNDS, SCORE_CODES } from '@huoke/contracts';
import { Alert, Button, Col, Form, InputNumber, message, Row, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/confirm';
import { useSaveScoreSettings, useScoreSettings } from '../scoreSettings';

/** 企业管理 → 线索分设置: the half-life and the point table, within bounds, with a reset to the defaults. */
export function ScoreSettingsSection() {
  const { t } = useTranslation('radar');
  const q = useScoreSettings();
  const save = useSaveScoreSettings();
  const [form] = Form.useForm<LeadSettings>();
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  if (q.isPending) return <Skeleton active />;
  if (q.isError) return <Alert type="error" showIcon title={t('settings.error')} />;
  const submit = async (body: LeadSettings | null) => {
    await save.mutateAsync(body);
    message.success(t(body ? 'settings.saved' : 'settings.resetDone'));
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => submit(v)}
      data-testid="score-settings"
      style={{ maxWidth: 720 }}
    >
      <Typography.Paragraph type="secondary">{t('settings.effect')}</Typography.Paragraph>
      <Form.Item
        name="halfLifeDays"
        label={t('settings.halfLife')}
        extra={t('settings.halfLifeHelp')}
        rules={[{ required: true, message: t('settings.halfLifeRequired') }]}
      >
        <InputNumber min={SCORE_BOUNDS.halfLifeDays.min} max={SCORE_BOUNDS.halfLifeDays.max} step={1} precision={0} />
      </Form.Item>
      <Typography.Title level={5}>{t('settings.points')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.pointsHelp')}</Typography.Paragraph>
      <Row gutter={16}>
        {SCORE_CODES.map((c) => (
          <Col xs={24} sm={12} key={c}>
            <Form.Item
              name={['points', c]}
              label={t(`settings.code.${c}`)}
              rules={[{ required: true, message: t('settings.pointsRequired') }]}
            >
              <InputNumber min={SCORE_BOUNDS.points.min} max={SCORE_BOUNDS.points.max} precision={0} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('settings.save')}
        </Button>
        <Button
          onClick={async () => {
            // Every point and the half-life go back (for what comes next; earned scores stay): asked first.
            if (await confirmAction(t('settings.resetConfirm'), undefined, { ok: t('settings.reset'), danger: true }))
              submit(null);
          }}
          disabled={save.isPending}
        >
          {t('settings.reset')}
        </Button>
      </Space>
    </Form>
  );
}
