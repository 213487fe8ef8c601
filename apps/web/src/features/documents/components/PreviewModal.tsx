import type { DocumentItem } from '@huoke/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentsApi } from '../api';

const OFFICE = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'];
const IMAGE = ['jpg', 'jpeg', 'png'];

/** The URL a document previews at: itself (PDF, text, images) or its PDF conversion (office files). */
function usePreviewUrl(doc: DocumentItem | null) {
  const type = doc?.documentType.toLowerCase() ?? '';
  const office = OFFICE.includes(type);
  return useQuery({
    queryKey: ['documents', 'preview', doc?.id, doc?.fileId],
    enabled: !!doc,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<{ url: string; text?: string }> => {
      if (!doc) return { url: '' };
      // Text is served as a download: read it (first 1 MB) and show it as plain text.
      if (type === 'txt') {
        const res = await fetch(doc.fileUrl);
        if (!res.ok) throw new Error(res.statusText);
        const blob = await res.blob();
        return { url: doc.fileUrl, text: await blob.slice(0, 1024 * 1024).text() };
      }
      if (!office) return { url: doc.fileUrl };
      if (doc.pdfUrl) return { url: doc.pdfUrl };
      return { url: (await documentsApi.convertToPdf(doc.fileId)).pdfUrl };
    },
  });
}

/** Preview of a document: PDF (office files via ConvertOfficeToPdf), text or image; 预览不可用 when it cannot be shown. */
export function PreviewModal({ doc, onClose }: { doc: DocumentItem | null; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const { data, isPending, isError } = usePreviewUrl(doc);
  const url = data?.url;
  const type = doc?.documentType.toLowerCase() ?? '';
  return (
    <Modal
      open={!!doc}
      title={doc?.title}
      width="80%"
      footer={
        doc && (
          <Button href={doc.fileUrl} download={doc.title} target="_blank">
            {t('download')}
          </Button>
        )
      }
      onCancel={onClose}
      destroyOnHidden
    >
      {doc && isPending ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : isError || !url ? (
        <Result status="warning" title={t('previewUnavailable')} subTitle={t('previewUnavailableHint')} />
      ) : data?.text !== undefined ? (
        <pre
          data-testid="document-preview"
          style={{ maxHeight: '70vh', overflow: 'auto', whiteSpace: 'pre-wrap', background: '#fafafa', padding: 16 }}
        >
          {data.text}
        </pre>
      ) : IMAGE.includes(type) ? (
        <img src={url} alt={doc?.title} style={{ maxWidth: '100%' }} data-testid="document-preview" />
      ) : (
        <iframe
          src={url}
          title={doc?.title ?? 'preview'}
          data-testid="document-preview"
          style={{ width: '100%', height: '70vh', border: 0 }}
        />
      )}
    </Modal>
  );
}
