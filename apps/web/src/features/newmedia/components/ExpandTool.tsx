import type { ExpandAnswer } from '@huoke/contracts';
import { Alert, Button, Card, Col, Input, message, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitHandler } from '../../../shared/form';
import { ListTable } from '../../../shared/ListTable';
import { previewCount, splitInput } from '../expandInput';
import { useExpand, useSaveKeywordSet } from '../queries';
import { Figure } from './Figure';
import { SavedSets } from './SavedSets';

/** Keyword expansion: long-tail keywords from core words, regions and modifiers; saved sets and their export. */
export function ExpandTool() {
  const { t } = useTranslation('newmedia');
  const [cores, setCores] = useState('');
  const [regions, setRegions] = useState('');
  const [modifiers, setModifiers] = useState('');
  const [name, setName] = useState('');
  const [result, setResult] = useState<ExpandAnswer>();
  const expand = useExpand();
  const save = useSaveKeywordSet();
  const preview = previewCount(cores, regions, modifiers);
  const body = () => ({ cores: splitInput(cores), regions: splitInput(regions), modifiers: splitInput(modifiers) });
  // 保存词组, from its button or Enter in 词组名称.
  const saveSet = submitHandler(async () => {
    if (!name.trim() || save.isPending) return;
    await save.mutateAsync({ ...body(), name: name.trim() });
    setName('');
    message.success(t('saved'));
  });

  return (
    <Card title={t('expandWords')}>
      <Row gutter={16}>
        {(
          [
            ['cores', cores, setCores, t('cores'), t('coresPlaceholder')],
            ['regions', regions, setRegions, t('regions'), t('regionsPlaceholder')],
            ['modifiers', modifiers, setModifiers, t('modifiers'), t('modifiersPlaceholder')],
          ] as const
        ).map(([key, value, set, label, placeholder]) => (
          <Col xs={24} md={8} key={key}>
            <Typography.Text strong>{label}</Typography.Text>
            <Input.TextArea
              rows={5}
              value={value}
              placeholder={placeholder}
              onChange={(e) => set(e.target.value)}
              data-testid={`expand-${key}`}
            />
          </Col>
        ))}
      </Row>
      <Space style={{ marginTop: 12 }} wrap>
        <Typography.Text data-testid="expand-count">
          {preview.capped
            ? t('expandCountCapped', { n: preview.total, cap: preview.shown })
            : t('expandCount', { count: preview.total })}
        </Typography.Text>
        <Button
          type="primary"
          disabled={preview.total === 0}
          loading={expand.isPending}
          onClick={submitHandler(async () => setResult(await expand.mutateAsync(body())))}
        >
          {t('generate')}
        </Button>
      </Space>
      {result && (
        <div style={{ marginTop: 16 }}>
          {result.capped && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 8 }}
              title={t('cappedNote', { n: result.total, cap: result.words.length })}
            />
          )}
          <Space style={{ marginBottom: 8 }}>
            <Input
              placeholder={t('setName')}
              maxLength={30}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={saveSet}
              data-testid="expand-set-name"
            />
            <Button disabled={!name.trim()} loading={save.isPending} onClick={saveSet}>
              {t('saveSet')}
            </Button>
          </Space>
          <ListTable
            size="small"
            rowKey="keyword"
            dataSource={result.words}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            data-testid="expand-result"
            columns={[
              { title: t('keyword'), dataIndex: 'keyword' },
              {
                title: t('searchVolume'),
                dataIndex: 'searchVolume',
                render: (v: number | null) => <Figure value={v} />,
              },
              { title: t('videoCount'), dataIndex: 'videoCount', render: (v: number | null) => <Figure value={v} /> },
            ]}
          />
        </div>
      )}
      <SavedSets />
    </Card>
  );
}
