/** Recognises a file's type by its content (magic bytes, zip parts, OLE streams, UTF-8 text), never by its name. */
import { open } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

export type Kind = 'image' | 'video' | 'document';
interface Sniffed {
  ext: string;
  mime: string;
  kind: Kind;
}

export const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mpeg: 'video/mpeg',
  avi: 'video/x-msvideo',
  rm: 'application/vnd.rn-realmedia',
  wmv: 'video/x-ms-wmv',
  asf: 'video/x-ms-asf',
  flv: 'video/x-flv',
};

const KIND: Record<string, Kind> = {
  jpg: 'image',
  png: 'image',
  mp4: 'video',
  mov: 'video',
  mpeg: 'video',
  avi: 'video',
  rm: 'video',
  wmv: 'video',
  asf: 'video',
  flv: 'video',
};
const result = (ext: string): Sniffed => ({ ext, mime: MIME[ext], kind: KIND[ext] ?? 'document' });

/** The extension a client name claims, lower-cased and normalised (jpeg → jpg); '' when none. */
export function claimedExt(name: string): string {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(name.trim());
  if (!m) return '';
  const e = m[1].toLowerCase();
  return e === 'jpeg' ? 'jpg' : e === 'mpg' ? 'mpeg' : e === 'text' ? 'txt' : e;
}

/** The name a user sees: no folders, no control characters, at most 200 characters. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean === '..' || clean === '.' ? '' : clean).slice(0, 200) || 'file';
}

const startsWith = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

/** Sniffs the file at `path` (`size` bytes); undefined when the content is of no accepted type. */
export async function sniffFile(path: string, size: number): Promise<Sniffed | undefined> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 4096));
    await fh.read(head, 0, head.length, 0);
    const read = async (pos: number, len: number) => {
      const b = Buffer.alloc(len);
      const { bytesRead } = await fh.read(b, 0, len, pos);
      return b.subarray(0, bytesRead);
    };
    if (startsWith(head, [0xff, 0xd8, 0xff])) return result('jpg');
    if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return result('png');
    // At the start, as every PDF writer puts it: anywhere in the first KB (which readers tolerate) let other bytes,
    // an HTML page say, be stored and served inline as a PDF.
    if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return result('pdf');
    if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
      const t = await ooxmlType(read, size);
      return t ? result(t) : undefined;
    }
    if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
      const t = await oleType(fh, size);
      return t ? result(t) : undefined;
    }
    const video = videoType(head);
    if (video) return result(video);
    if (await isUtf8Text(fh, size)) return result('txt');
    return undefined;
  } finally {
    await fh.close();
  }
}

function videoType(b: Buffer): string | undefined {
  const at4 = b.toString('latin1', 4, 8);
  if (at4 === 'ftyp') {
    const brand = b.toString('latin1', 8, 12);
    return brand === 'qt  ' ? 'mov' : 'mp4';
  }
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(at4)) return 'mov';
  if (startsWith(b, [0x00, 0x00, 0x01, 0xba]) || startsWith(b, [0x00, 0x00, 0x01, 0xb3])) return 'mpeg';
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'AVI ') return 'avi';
  if (b.toString('latin1', 0, 4) === '.RMF') return 'rm';
  if (startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]))
    return 'wmv';
  if (b.toString('latin1', 0, 3) === 'FLV' && b[3] === 1) return 'flv';
  return undefined;
}

type Reader = (pos: number, len: number) => Promise<Buffer>;

/** docx/xlsx/pptx: a zip whose [Content_Types].xml names the main part's type. */
async function ooxmlType(read: Reader, size: number): Promise<string | undefined> {
  const tailLen = Math.min(size, 65_557);
  const tail = await read(size - tailLen, tailLen);
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) return undefined;
  const entries = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (cdOffset + cdSize > size || cdSize > 16 * 1024 * 1024) return undefined;
  const cd = await read(cdOffset, cdSize);
  let p = 0;
  for (let i = 0; i < entries && p + 46 <= cd.length; i++) {
    if (cd.readUInt32LE(p) !== 0x02014b50) return undefined;
    const method = cd.readUInt16LE(p + 10);
    const compSize = cd.readUInt32LE(p + 20);
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    const local = cd.readUInt32LE(p + 42);
    const name = cd.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (name !== '[Content_Types].xml') continue;
    if (compSize > 4 * 1024 * 1024) return undefined;
    const lh = await read(local, 30);
    if (lh.readUInt32LE(0) !== 0x04034b50) return undefined;
    const dataAt = local + 30 + lh.readUInt16LE(26) + lh.readUInt16LE(28);
    const raw = await read(dataAt, compSize);
    let xml: string;
    try {
      xml = (method === 8 ? inflateRawSync(raw, { maxOutputLength: 16 * 1024 * 1024 }) : raw).toString('utf8');
    } catch {
      return undefined;
    }
    if (xml.includes('wordprocessingml.document.main')) return 'docx';
    if (xml.includes('spreadsheetml.sheet.main')) return 'xlsx';
    if (xml.includes('presentationml.presentation.main')) return 'pptx';
    return undefined;
  }
  return undefined;
}

/** doc/xls/ppt: an OLE compound file with a WordDocument, Workbook/Book or PowerPoint Document stream. */
async function oleType(fh: import('node:fs/promises').FileHandle, size: number): Promise<string | undefined> {
  const names: [string, Buffer][] = [
    ['doc', Buffer.from('WordDocument', 'utf16le')],
    ['xls', Buffer.from('Workbook', 'utf16le')],
    ['xls', Buffer.from('Book\u0000', 'utf16le')],
    ['ppt', Buffer.from('PowerPoint Document', 'utf16le')],
  ];
  const chunk = 1024 * 1024;
  const buf = Buffer.alloc(chunk + 64);
  for (let pos = 0; pos < size; pos += chunk) {
    const { bytesRead } = await fh.read(buf, 0, chunk + 64, pos);
    const view = buf.subarray(0, bytesRead);
    for (const [ext, sig] of names) if (view.includes(sig)) return ext;
  }
  return undefined;
}

/** Plain text: valid UTF-8 without NUL bytes. */
async function isUtf8Text(fh: import('node:fs/promises').FileHandle, size: number): Promise<boolean> {
  if (size === 0) return false;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const buf = Buffer.alloc(1024 * 1024);
  try {
    for (let pos = 0; pos < size; ) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
      if (bytesRead === 0) break;
      const view = buf.subarray(0, bytesRead);
      if (view.includes(0)) return false;
      decoder.decode(view, { stream: true });
      pos += bytesRead;
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** Types the library accepts as documents (SPEC §3), as recognised. */
export const DOCUMENT_EXTS = ['docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt', 'pdf', 'txt', 'jpg', 'png'];
export const OFFICE_EXTS = ['docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt', 'txt'];
