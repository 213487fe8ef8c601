import { WORD_CHANGE_FIXED, WORD_CHANGE_MAX_CHARS } from '@huoke/contracts';
import { Button, Card, Form, Input, message, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangeWord, useRemainder } from '../queries';

/** The word-change tool: each rewrite uses one unit of the company's quota. */
export function WordChange() {
  const { t } = useTranslation('newmedia');
  const remainder = useRemainder();
  const change = useChangeWord();
  const left = remainder.data?.remainder ?? 0;
  return (
    <Card
      title={t('wordChange')}
      extra={
        <Tag color={left > 0 ? 'blue' : 'red'} data-testid="word-change-remainder">
          {t('common:labelled', { label: t('remainder'), value: remainder.data ? left : '-' })}
        </Tag>
      }
    >
      {remainder.data && left === 0 && <Typography.Paragraph type="danger">{t('exhausted')}</Typography.Paragraph>}
      <Form
        layout="vertical"
        onFinish={(v: { txt: string; filter?: string }) =>
          change.mutate({ txt: v.txt, filter: v.filter ?? '', ...WORD_CHANGE_FIXED })
        }
      >
        <Form.Item
          name="txt"
          label={t('txt')}
          rules={[{ required: true, whitespace: true, message: t('txtRequired') }]}
        >
          <Input.TextArea rows={6} maxLength={WORD_CHANGE_MAX_CHARS} showCount placeholder={t('txtPlaceholder')} />
        </Form.Item>
        <Form.Item name="filter" label={t('filter')} extra={t('coreTip')}>
          <Input placeholder={t('filterPlaceholder')} maxLength={1000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} disabled={!!remainder.data && left === 0}>
          {t('rewrite')}
        </Button>
      </Form>
      {change.data && (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Space>
            <Typography.Text strong>{t('result')}</Typography.Text>
            <Tag data-testid="word-change-count">{t('changed', { count: change.data.changed })}</Tag>
            <Tag data-testid="word-change-similarity">{t('similarity', { n: change.data.similarity })}</Tag>
            <Button
              size="small"
              onClick={async () => {
                await navigator.clipboard?.writeText(change.data.txt);
                message.success(t('copied'));
              }}
            >
              {t('copy')}
            </Button>
          </Space>
          <Input.TextArea rows={6} readOnly value={change.data.txt} data-testid="word-change-result" />
        </Space>
      )}
    </Card>
  );
}
