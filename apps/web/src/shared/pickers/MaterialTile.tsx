import { FileOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { FileItem } from '@huoke/contracts';
import { FILE_TYPE } from '@huoke/contracts';
import { Typography } from 'antd';
import { fileHref } from './api';

/** A stored file of the picker's grid: its cover (or a type icon) and name; pressed when selected. */
export function MaterialTile({ file, checked, onClick }: { file: FileItem; checked: boolean; onClick: () => void }) {
  const cover = fileHref(file.coverFileName || (file.fileType === FILE_TYPE.image ? file.url : ''));
  return (
    <button
      type="button"
      data-testid="material-item"
      aria-pressed={checked}
      title={file.oldFileName}
      onClick={onClick}
      style={{
        width: 112,
        padding: 4,
        cursor: 'pointer',
        background: '#fff',
        border: `2px solid ${checked ? '#1677ff' : '#f0f0f0'}`,
        borderRadius: 6,
        textAlign: 'center',
      }}
    >
      <div style={{ height: 80, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
        {cover ? (
          <img src={cover} alt={file.oldFileName} style={{ maxWidth: '100%', maxHeight: 80, objectFit: 'cover' }} />
        ) : file.fileType === FILE_TYPE.video ? (
          <PlayCircleOutlined style={{ fontSize: 36, color: '#999' }} />
        ) : (
          <FileOutlined style={{ fontSize: 36, color: '#999' }} />
        )}
      </div>
      <Typography.Text ellipsis style={{ fontSize: 12, display: 'block' }}>
        {file.oldFileName}
      </Typography.Text>
    </button>
  );
}
