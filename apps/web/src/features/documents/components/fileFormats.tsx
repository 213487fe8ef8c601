import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The document formats the type filter offers, with their icons. */
export const FORMATS: { key: string; types: string[]; icon: ReactNode }[] = [
  { key: 'pdf', types: ['pdf'], icon: <FilePdfOutlined style={{ color: '#e54d42' }} /> },
  { key: 'word', types: ['doc', 'docx'], icon: <FileWordOutlined style={{ color: '#2b579a' }} /> },
  { key: 'excel', types: ['xls', 'xlsx'], icon: <FileExcelOutlined style={{ color: '#217346' }} /> },
  { key: 'ppt', types: ['ppt', 'pptx'], icon: <FilePptOutlined style={{ color: '#d24726' }} /> },
  { key: 'txt', types: ['txt'], icon: <FileTextOutlined /> },
  { key: 'image', types: ['jpg', 'jpeg', 'png'], icon: <FileImageOutlined style={{ color: '#1677ff' }} /> },
];
export const iconOf = (type: string) =>
  FORMATS.find((f) => f.types.includes(type.toLowerCase()))?.icon ?? <FileOutlined />;
