/** Draws the article poster (文章海报) on a canvas and answers a JPEG data URL (quality 1, SPEC §9). */
export interface ArticlePosterData {
  card?: { name: string; avatar: string } | null;
  title: string;
  source: string;
  time: string;
  /** Plain text of the article (HTML stripped). */
  text: string;
  qrCode: string;
  recommend: string;
  tip: string;
}

const W = 750;
const PAD = 48;
const FONT = '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif';

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    if (!src) return resolve(null);
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

/** Splits text into lines that fit `width` (character by character: Chinese has no spaces). */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text.replace(/\s+/g, ' ').trim()) {
    if (ctx.measureText(line + ch).width > width) {
      lines.push(line);
      line = ch;
      if (lines.length === maxLines) break;
    } else line += ch;
  }
  if (lines.length < maxLines && line) lines.push(line);
  if (lines.length === maxLines && text.length > lines.join('').length) {
    lines[maxLines - 1] = `${lines[maxLines - 1].slice(0, -1)}…`;
  }
  return lines;
}

export const htmlToText = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';

export async function drawArticlePoster(d: ArticlePosterData): Promise<string> {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  canvas.width = W;
  ctx.font = `bold 40px ${FONT}`;
  const titleLines = wrap(ctx, d.title, W - PAD * 2, 3);
  ctx.font = `28px ${FONT}`;
  const textLines = wrap(ctx, d.text, W - PAD * 2, 12);
  const cardH = d.card ? 140 : 0;
  const H = PAD + cardH + titleLines.length * 56 + 60 + textLines.length * 44 + 60 + 300;
  canvas.height = H;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  let y = PAD;
  if (d.card) {
    const avatar = await loadImage(d.card.avatar);
    ctx.fillStyle = '#f0f5ff';
    ctx.fillRect(PAD, y, W - PAD * 2, 112);
    ctx.save();
    ctx.beginPath();
    ctx.arc(PAD + 56, y + 56, 40, 0, Math.PI * 2);
    ctx.clip();
    if (avatar) ctx.drawImage(avatar, PAD + 16, y + 16, 80, 80);
    else {
      ctx.fillStyle = '#adc6ff';
      ctx.fillRect(PAD + 16, y + 16, 80, 80);
    }
    ctx.restore();
    ctx.fillStyle = '#222';
    ctx.font = `bold 32px ${FONT}`;
    ctx.fillText(d.card.name, PAD + 120, y + 50);
    ctx.fillStyle = '#666';
    ctx.font = `24px ${FONT}`;
    ctx.fillText(d.recommend, PAD + 120, y + 88);
    y += cardH;
  }
  ctx.fillStyle = '#111';
  ctx.font = `bold 40px ${FONT}`;
  for (const l of titleLines) {
    y += 56;
    ctx.fillText(l, PAD, y);
  }
  y += 48;
  ctx.fillStyle = '#999';
  ctx.font = `24px ${FONT}`;
  ctx.fillText(`${d.source}  ${d.time}`, PAD, y);
  y += 12;
  ctx.fillStyle = '#333';
  ctx.font = `28px ${FONT}`;
  for (const l of textLines) {
    y += 44;
    ctx.fillText(l, PAD, y);
  }
  y += 60;
  ctx.fillStyle = '#eee';
  ctx.fillRect(PAD, y - 20, W - PAD * 2, 2);
  const qr = await loadImage(d.qrCode);
  if (qr) ctx.drawImage(qr, W - PAD - 240, y, 240, 240);
  ctx.fillStyle = '#666';
  ctx.font = `26px ${FONT}`;
  ctx.fillText(d.tip, PAD, y + 130);
  return canvas.toDataURL('image/jpeg', 1);
}
