/** Draws the article poster (文章海报) on a canvas and answers a JPEG data URL (quality 1, SPEC §9). */
interface ArticlePosterData {
  card?: { name: string; avatar: string } | null;
  title: string;
  source: string;
  time: string;
  /** Plain text of the article: paragraphs separated by an empty line, line breaks kept. */
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

/** Splits one line of text into lines that fit `width` (character by character: Chinese has no spaces). */
function wrapLine(text: string, measure: (s: string) => number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && measure(line + ch) > width) {
      lines.push(line);
      line = ch.trim() ? ch : '';
    } else line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The poster's text as lines: every paragraph starts on a new line, a line break inside one stays a line break, and
 * an empty line ('') separates paragraphs, as the dialog shows them. At most `maxLines` lines (separators included);
 * when text is left over, the last line ends with an ellipsis.
 */
export function layoutText(
  paragraphs: string[],
  measure: (s: string) => number,
  width: number,
  maxLines: number,
): string[] {
  const all: string[] = [];
  for (const p of paragraphs) {
    if (all.length) all.push('');
    for (const l of p.split('\n')) all.push(...wrapLine(l, measure, width));
  }
  if (all.length <= maxLines) return all;
  const lines = all.slice(0, maxLines);
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const last = lines[lines.length - 1];
  let cut = last;
  while (cut && measure(`${cut}…`) > width) cut = cut.slice(0, -1);
  lines[lines.length - 1] = `${cut}…`;
  return lines;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });

/** The article's paragraphs as plain text: block elements end a paragraph, <br> is a line break inside one. */
export function htmlToParagraphs(html: string): string[] {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|div|h[1-6]|li|ul|ol|blockquote|section|article|tr|table|pre|figure)\b[^>]*>/gi, '\u0000')
    .replace(/<[^>]*>/g, '');
  return decode(text)
    .split('\u0000')
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim())
        .join('\n')
        .replace(/^\n+|\n+$/g, ''),
    )
    .filter((p) => p.trim() !== '');
}

/** Title lines: the title is one paragraph of at most `maxLines` lines. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number, maxLines: number): string[] {
  return layoutText([text.replace(/\s+/g, ' ').trim()], (s) => ctx.measureText(s).width, width, maxLines);
}

export const htmlToText = (html: string) => htmlToParagraphs(html).join('\n\n');

export async function drawArticlePoster(d: ArticlePosterData): Promise<string> {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  canvas.width = W;
  ctx.font = `bold 40px ${FONT}`;
  const titleLines = wrap(ctx, d.title, W - PAD * 2, 3);
  ctx.font = `28px ${FONT}`;
  const textLines = layoutText(d.text.split('\n\n'), (s) => ctx.measureText(s).width, W - PAD * 2, 16);
  const lineH = (l: string) => (l === '' ? 20 : 44);
  const textH = textLines.reduce((h, l) => h + lineH(l), 0);
  const cardH = d.card ? 140 : 0;
  const H = PAD + cardH + titleLines.length * 56 + 60 + textH + 60 + 300;
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
      ctx.fillStyle = '#ffffff';
      ctx.font = `600 40px ${FONT}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText([...d.card.name][0] ?? '', PAD + 56, y + 58);
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
    y += lineH(l);
    if (l) ctx.fillText(l, PAD, y);
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
