import { mediaImportRoutes } from '@huoke/contracts/routes/newmedia';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { importTarget } from '../../../shared/import/api';
import { DataImport } from '../../../shared/import/DataImport';
import { useSession } from '../../../shared/session';
import { ExpandTool } from '../components/ExpandTool';
import { KeywordConfig } from '../components/KeywordConfig';
import { WordChange } from '../components/WordChange';

/** /expand-words: keyword expansion, keyword configuration and the word-change tool with its remaining quota. */
export default function ExpandWordsPage() {
  const { t } = useTranslation('newmedia');
  const isAdmin = useSession((s) => s.info?.isAdmin);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ExpandTool />
      <KeywordConfig />
      {isAdmin && (
        <>
          <DataImport
            target={importTarget(mediaImportRoutes, { kind: 'keyword-heat' })}
            title={t('importHeat')}
            templateName="keyword-heat"
          />
          <DataImport
            target={importTarget(mediaImportRoutes, { kind: 'media-videos' })}
            title={t('importMedia')}
            templateName="media-videos"
          />
        </>
      )}
      <WordChange />
    </Space>
  );
}
