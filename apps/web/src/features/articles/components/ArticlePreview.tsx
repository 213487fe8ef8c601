import { EyeOutlined } from '@ant-design/icons';
import type { ArticlePreviewBody } from '@huoke/contracts';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cspNonce } from '../../../shared/cspNonce';
import { articlesApi } from '../api';

/** The width of a common phone's screen, CSS px: the share page is read there. */
const PHONE_WIDTH = 375;

/**
 * A frame's document written from a string takes this page's style policy: the share page's own <style> blocks
 * (the server's, the only ones it holds: article bodies lose theirs when cleaned) carry this page's nonce.
 */
const withNonce = (html: string) => (cspNonce ? html.replace(/<style>/g, `<style nonce="${cspNonce}">`) : html);

/**
 * 预览: the article being written as a visitor will see its share page (the server's renderer: title, source and
 * day, body, the company's footer, the forms; a note where the sharer's card and related content go, and in place
 * of an http: image) in a phone-wide sandboxed frame; nothing is saved and no share made.
 */
export function ArticlePreview({ article }: { article: () => ArticlePreviewBody }) {
  const { t } = useTranslation('articles');
  const [html, setHtml] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const open = async () => {
    setLoading(true);
    try {
      setHtml((await articlesApi.preview(article())).html);
    } catch {
      // the request client has shown the error
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Button icon={<EyeOutlined />} loading={loading} onClick={() => void open()}>
        {t('editor.preview')}
      </Button>
      <Modal
        open={html !== null}
        title={t('editor.preview')}
        footer={null}
        onCancel={() => setHtml(null)}
        width={PHONE_WIDTH + 48}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('editor.previewHint')}
        </Typography.Paragraph>
        {html !== null && (
          // No scripts, no forms, no access to the console (an empty sandbox): the page is only looked at.
          <iframe
            title={t('editor.previewFrame')}
            sandbox=""
            srcDoc={withNonce(html)}
            data-testid="article-preview-frame"
            style={{
              display: 'block',
              width: '100%',
              maxWidth: PHONE_WIDTH,
              height: 'min(667px, calc(100vh - 240px))',
              margin: '0 auto',
              border: '1px solid #f0f0f0',
              borderRadius: 8,
            }}
          />
        )}
      </Modal>
    </>
  );
}
