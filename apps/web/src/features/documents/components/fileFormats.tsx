import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
} from '@ant-design/icons';
import { DOCUMENT_FORMATS, type DocumentFormat } from '@huoke/contracts';
import type { ReactNode } from 'react';

const ICONS: Record<DocumentFormat, ReactNode> = {
  pdf: <FilePdfOutlined style={{ color: '#e54d42' }} />,
  word: <FileWordOutlined style={{ color: '#2b579a' }} />,
  excel: <FileExcelOutlined style={{ color: '#217346' }} />,
  ppt: <FilePptOutlined style={{ color: '#d24726' }} />,
  txt: <FileTextOutlined />,
  image: <FileImageOutlined style={{ color: '#1677ff' }} />,
};

/** The document formats the type filter offers (the server filters by them), with their icons. */
export const FORMATS = (Object.keys(DOCUMENT_FORMATS) as DocumentFormat[]).map((key) => ({
  key,
  types: DOCUMENT_FORMATS[key] as readonly string[],
  icon: ICONS[key],
}));
export const iconOf = (type: string) =>
  FORMATS.find((f) => f.types.includes(type.toLowerCase()))?.icon ?? <FileOutlined />;
