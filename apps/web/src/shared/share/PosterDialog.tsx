import { POSTER_DIALOG } from '@huoke/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { download, shareApi } from './api';

interface PosterDialogProps {
  open: boolean;
  onClose: () => void;
  /** Poster image (posters) … */
  imageUrl?: string;
  /** … or a video's cover (videos). */
  videoPicUrl?: string;
}

/** 海报详情 (width 20%, top 100px) with 下载海报: composes the poster with the user's card and QR. */
export function PosterDialog({ open, onClose, imageUrl, videoPicUrl }: PosterDialogProps) {
  const { t } = useTranslation('sharing');
  const src = imageUrl || videoPicUrl;
  const poster = useQuery({
    queryKey: ['sharing', 'poster-composite', src],
    enabled: open && !!src,
    gcTime: 0,
    queryFn: async () => {
      const card = await shareApi.card();
      const qr = await shareApi.cardQr(card.empId);
      const { url } = await shareApi.composePoster({
        posterUrl: src as string,
        name: card.name,
        // What the card hides (显示公司 off) stays off the poster, as on the visitor's card page and the vCard; the
        // poster prints no position.
        companyName: card.isShowCompany ? card.icCompanyName : '',
        qrCodeUrl: qr.qrCode,
      });
      return { url, link: qr.link };
    },
  });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('posterDetail')}
      width={POSTER_DIALOG.width}
      style={{ top: POSTER_DIALOG.top, minWidth: 300 }}
      destroyOnHidden
      footer={
        <Button
          type="primary"
          disabled={!poster.data}
          onClick={() => poster.data && download(poster.data.url, `poster-${Date.now()}.jpg`)}
        >
          {t('downloadPoster')}
        </Button>
      }
    >
      <Spin spinning={poster.isFetching}>
        {!src ? (
          // A poster published without its image (before the form asked for one): said, not an empty box.
          <Result status="warning" title={t('posterNoImage')} />
        ) : poster.isError ? (
          <Result status="warning" title={t('loadFailed')} />
        ) : poster.data ? (
          <img src={poster.data.url} alt={t('posterDetail')} style={{ width: '100%', display: 'block' }} />
        ) : (
          <div style={{ height: 320 }} />
        )}
      </Spin>
    </Modal>
  );
}
