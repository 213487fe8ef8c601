import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format';
import { SafeHtml } from '../SafeHtml';
import { download, shareApi } from './api';
import { drawArticlePoster, htmlToText } from './articlePosterCanvas';

interface ArticlePosterDialogProps {
  open: boolean;
  onClose: () => void;
  articleId: number;
  /** QR code (data: PNG URL) of the share link. */
  qrCode: string;
  /** Show the author card (avatar, name, 为您推荐阅读). */
  showCard: boolean;
}

/** 文章海报: author card, title, source, creation time, content and the QR code with its tip; download as JPEG. */
export function ArticlePosterDialog({ open, onClose, articleId, qrCode, showCard }: ArticlePosterDialogProps) {
  const { t } = useTranslation('sharing');
  const [busy, setBusy] = useState(false);
  const data = useQuery({
    queryKey: ['sharing', 'article-poster', articleId],
    enabled: open,
    queryFn: async () => {
      const [article, card] = await Promise.all([shareApi.article(articleId), shareApi.card()]);
      return { article, card };
    },
  });
  const a = data.data?.article;
  const card = showCard ? data.data?.card : null;
  const time = a ? formatDateTime(a.createTime) : '';
  const save = async () => {
    if (!a) return;
    setBusy(true);
    try {
      const url = await drawArticlePoster({
        card: card ? { name: card.name, avatar: card.avatar } : null,
        title: a.title,
        source: a.articleFrom ?? '',
        time,
        text: htmlToText(a.content),
        qrCode,
        recommend: t('recommend'),
        tip: t('longPress'),
      });
      download(url, `article-poster-${articleId}.jpg`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('articlePoster')}
      destroyOnHidden
      footer={
        <Button type="primary" loading={busy} disabled={!a} onClick={save}>
          {t('downloadJpeg')}
        </Button>
      }
    >
      <Spin spinning={data.isFetching}>
        {a && (
          <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 16 }}>
            {card && (
              <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}>
                {/* Without a photo, the name's first character (an empty circle before), as the drawn poster has. */}
                <Avatar size={44} src={card.avatar || undefined} style={{ background: '#adc6ff', flex: 'none' }}>
                  {[...card.name][0]}
                </Avatar>
                <div>
                  <b>{card.name}</b>
                  <div style={{ color: '#888', fontSize: 12 }}>{t('recommend')}</div>
                </div>
              </div>
            )}
            <h3 style={{ margin: '4px 0' }}>{a.title}</h3>
            <div style={{ color: '#999', fontSize: 12 }}>
              {a.articleFrom} {time}
            </div>
            <div style={{ maxHeight: 240, overflow: 'auto', margin: '8px 0' }}>
              <SafeHtml html={a.content} />
            </div>
            <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
              <img src={qrCode} alt="QR" width={96} height={96} />
              <span style={{ color: '#666' }}>{t('longPress')}</span>
            </div>
          </div>
        )}
      </Spin>
    </Modal>
  );
}
