/** The rich-text editor configuration of a company (SPEC §2.3): tools, defaults, image handling, article footer. */
import { z } from 'zod';

/** Every toolbar tool the article editor knows, in toolbar order. */
export const EDITOR_TOOLS = [
  'undo',
  'redo',
  'heading',
  'paragraph',
  'bold',
  'italic',
  'underline',
  'strike',
  'bullet',
  'ordered',
  'quote',
  'hr',
  'link',
  'clear',
  'image',
] as const;
export type EditorTool = (typeof EDITOR_TOOLS)[number];

/** Watermark positions of PictureUpload's WaterMarkPoint (SPEC §7). */
export const WATERMARK_POINTS = [1, 2, 3, 4, 5] as const;

/** A stored image: a library path (/api/fs/raw/…) or an http(s) address; empty for none. */
const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => u === '' || u.startsWith('/api/fs/') || /^https?:\/\//i.test(u), '请选择图片');

export const editorSettings = z.object({
  tools: z.array(z.enum(EDITOR_TOOLS)).max(EDITOR_TOOLS.length),
  /** Default font size of the article text, px. */
  fontSize: z.number().int().min(12).max(32),
  /** Space after each paragraph, px. */
  paragraphSpacing: z.number().int().min(0).max(48),
  /** Widest an inserted image is shown, px. */
  imageMaxWidth: z.number().int().min(100).max(2000),
  /** JPEG quality inserted images are re-encoded at (PictureUpload's Quality), 10–100. */
  imageQuality: z.number().int().min(10).max(100),
  watermark: z
    .object({
      enabled: z.boolean(),
      url: imageUrl,
      point: z.number().int().min(1).max(5),
      /** 0 opaque … 100 invisible (PictureUpload's Transparency). */
      transparency: z.number().int().min(0).max(100),
    })
    .refine((w) => !w.enabled || w.url !== '', { message: '请设置水印图片', path: ['url'] }),
  footer: z.object({
    enabled: z.boolean(),
    signature: z.string().trim().max(100),
    contact: z.string().trim().max(200),
    qrCodeUrl: imageUrl,
  }),
});
export type EditorSettings = z.infer<typeof editorSettings>;

/** What a company that never saved its settings gets: every tool, 16 px text, no watermark, no footer. */
export const DEFAULT_EDITOR_SETTINGS: EditorSettings = {
  tools: [...EDITOR_TOOLS],
  fontSize: 16,
  paragraphSpacing: 12,
  imageMaxWidth: 800,
  imageQuality: 92,
  watermark: { enabled: false, url: '', point: 4, transparency: 50 },
  footer: { enabled: false, signature: '', contact: '', qrCodeUrl: '' },
};
