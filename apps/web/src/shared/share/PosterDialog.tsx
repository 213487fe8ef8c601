export interface PosterDialogProps {
  open: boolean;
  onClose: () => void;
  /** Poster image (posters) … */
  imageUrl?: string;
  /** … or a video's cover (videos). */
  videoPicUrl?: string;
}

/** 海报详情 (width 20%, top 100px) with 下载海报: composes the poster with the user's card and QR. */
export function PosterDialog(_props: PosterDialogProps) {
  return null;
}
