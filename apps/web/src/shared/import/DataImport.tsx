import { UploadOutlined } from '@ant-design/icons';
import type { ImportReport } from '@huoke/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveText } from '../download';
import { ListTable } from '../ListTable';
import { type ImportTarget, importApi } from './api';

/**
 * Import of a company's own data from CSV or Excel: a template to download, the upload, and the report (rows kept,
 * rows rejected with their line numbers). Administrators only (the server answers 403 otherwise).
 */
export function DataImport({
  target,
  title,
  templateName,
}: {
  target: ImportTarget;
  title: string;
  templateName: string;
}) {
  const { t } = useTranslation('import');
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport>();
  return (
    <Card size="small" title={title}>
      <Space wrap>
        <Button onClick={async () => saveText(await importApi.template(target), `${templateName}.csv`)}>
          {t('downloadTemplate')}
        </Button>
        <Upload
          accept=".csv,.xlsx"
          showUploadList={false}
          beforeUpload={async (file) => {
            setBusy(true);
            try {
              setReport(await importApi.upload(target, file));
              await qc.invalidateQueries();
            } finally {
              setBusy(false);
            }
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={busy}>
            {t('uploadFile')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('importTip')}</Typography.Text>
      </Space>
      {report && (
        <div style={{ marginTop: 12 }} data-testid="import-report">
          <Alert
            type={report.rejectedCount ? 'warning' : 'success'}
            showIcon
            title={t('importResult', {
              count: report.total,
              accepted: report.accepted,
              rejected: report.rejectedCount,
            })}
          />
          {report.rejected.length > 0 && (
            <ListTable
              size="small"
              style={{ marginTop: 8 }}
              rowKey={(r) => `${r.line}-${r.column}`}
              dataSource={report.rejected}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { title: t('line'), dataIndex: 'line', width: 80 },
                { title: t('column'), dataIndex: 'column', width: 120 },
                { title: t('reason'), dataIndex: 'message' },
              ]}
            />
          )}
        </div>
      )}
    </Card>
  );
}
