import { Button, Card, Col, Input, Progress, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../shared/ItemList';
import { isAdminFlag } from '../../../shared/session';
import { ResetKeyButton } from '../components/ResetKeyButton';
import { useAiKey, useDetect } from '../queries';

const LEVEL_COLOR = { low: 'success', medium: 'warning', high: 'error' } as const;
const MAX_CHARS = 10_000;

/** AI detection with the company's key (GetAIKey): how machine-written a text reads. */
export default function AiDetectionPage() {
  const { t } = useTranslation('seo');
  const key = useAiKey();
  const detect = useDetect();
  const [txt, setTxt] = useState('');
  const result = detect.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card
          title={t('aiDetection')}
          extra={
            key.data && (
              <Space size="small">
                <Typography.Text type="secondary" copyable={{ text: key.data.key }}>
                  {t('common:labelled', { label: t('aiKey'), value: `${key.data.key.slice(0, 8)}…` })}
                </Typography.Text>
                {isAdminFlag() && <ResetKeyButton />}
              </Space>
            )
          }
        >
          <Input.TextArea
            rows={12}
            value={txt}
            onChange={(e) => setTxt(e.target.value)}
            maxLength={MAX_CHARS}
            showCount
            placeholder={t('aiTxtPlaceholder')}
          />
          <Button
            type="primary"
            style={{ marginTop: 16 }}
            disabled={!key.data || !txt.trim()}
            loading={detect.isPending}
            onClick={() => key.data && detect.mutate({ key: key.data.key, txt })}
          >
            {t('detect')}
          </Button>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t('score')}>
          {result ? (
            <>
              <Progress
                aria-label={t('score')}
                type="dashboard"
                percent={result.score}
                status={result.level === 'high' ? 'exception' : 'normal'}
              />
              <div>
                <Tag color={LEVEL_COLOR[result.level]} data-testid="ai-level">
                  {t(`level_${result.level}`)}
                </Tag>
              </div>
              <Statistic title={t('sentences')} value={result.sentences} style={{ marginTop: 12 }} />
              <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
                {t('reasons')}
              </Typography.Text>
              <ItemList size="small" items={result.reasons} itemKey={(_r, i) => i} render={(r) => r} />
            </>
          ) : (
            <Typography.Text type="secondary">{t('aiNote')}</Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}
