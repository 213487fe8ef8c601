import { Progress, Typography } from 'antd';

/** One file of an upload: its name, how much of it has gone, and why it failed. */
export interface UploadRow {
  key: string;
  name: string;
  /** 0–100. */
  percent: number;
  status: 'waiting' | 'sending' | 'done' | 'failed';
  error?: string;
}

/** The files of an upload, each with its own bar; a failed one in red, named, with its reason under it. */
export function UploadProgressList({ rows, label }: { rows: UploadRow[]; label: string }) {
  if (rows.length === 0) return null;
  return (
    <ul aria-label={label} data-testid="upload-progress" style={{ listStyle: 'none', margin: '0 0 12px', padding: 0 }}>
      {rows.map((r) => (
        <li key={r.key} style={{ marginBottom: 4 }}>
          <Typography.Text ellipsis style={{ display: 'block', fontSize: 12 }} title={r.name}>
            {r.name}
          </Typography.Text>
          <Progress
            aria-label={r.name}
            percent={r.percent}
            size="small"
            status={r.status === 'failed' ? 'exception' : r.status === 'done' ? 'success' : 'active'}
          />
          {r.error && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {r.error}
            </Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}
