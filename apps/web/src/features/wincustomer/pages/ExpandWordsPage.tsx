import { Space } from 'antd';
import { ExpandTool } from '../components/ExpandTool';
import { KeywordConfig } from '../components/KeywordConfig';
import { WordChange } from '../components/WordChange';

/** /expand-words: keyword expansion, keyword configuration and the word-change tool with its remaining quota. */
export default function ExpandWordsPage() {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', padding: 16 }}>
      <ExpandTool />
      <KeywordConfig />
      <WordChange />
    </Space>
  );
}
