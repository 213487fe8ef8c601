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
    queryFn: async () => {
      if (!doc) return '';
      if (!office) return doc.fileUrl;
      if (doc.pdfUrl) return doc.pdfUrl;
      return (await documentsApi.convertToPdf(doc.fileId)).pdfUrl;
    },
  });
}

/** Preview of a document: PDF (office files via ConvertOfficeToPdf), text or image; 预览不可用 when it cannot be shown. */
export function PreviewModal({ doc, onClose }: { doc: DocumentItem | null; onClose: () => void }) {
  const { t } = useTranslation('files');
  const { data: url, isPending, isError } = usePreviewUrl(doc);
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
      ) : IMAGE.includes(type) ? (
        <img src={url} alt={doc?.title} style={{ maxWidth: '100%' }} data-testid="document-preview" />
      ) : (
        <iframe
          src={url}
          title={doc?.title ?? 'preview'}
          data-testid="document-preview"
          // Chrome's PDF viewer does not run in a sandboxed frame; text is shown sandboxed.
          sandbox={OFFICE.includes(type) || type === 'pdf' ? undefined : ''}
          style={{ width: '100%', height: '70vh', border: 0 }}
        />
      )}
    </Modal>
  );
}
