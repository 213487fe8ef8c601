import { DownloadOutlined } from '@ant-design/icons';
import { Button, message, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, ExportRefused } from '../download';

/** A CSV download of `url` (under /api) with the rows received so far against the total. */
export function ExportButton({ url, testId }: { url: string; testId?: string }) {
  const { t, i18n } = useTranslation('content-stats');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const run = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      const n = await downloadCsv(url, i18n.language, (done, total) => setProgress({ done, total }));
      message.success(t('exported', { count: n }));
    } catch (e) {
      // An ended session was said on its way to the login; a refusal in the server's words is said in them.
      if (e instanceof ExportRefused && e.said) return;
      message.error(e instanceof ExportRefused && e.words ? e.words : t('exportFailed'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Space>
      <Button icon={<DownloadOutlined />} loading={progress !== null} onClick={run} data-testid={testId}>
        {t('export')}
      </Button>
      {progress && progress.total > 0 && (
        <Space size={4} data-testid="export-progress">
          <Progress
            aria-label={t('export')}
            type="circle"
            size={20}
            percent={Math.min(100, Math.round((progress.done / progress.total) * 100))}
          />
          <Typography.Text type="secondary">
            {t('exporting', { done: progress.done, count: progress.total })}
          </Typography.Text>
        </Space>
      )}
    </Space>
  );
}
