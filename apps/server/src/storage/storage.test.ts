import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChunkStore } from './chunks.js';
import { sniffFile } from './sniff.js';
import { docx, exe, mp4, pdf, png, zip } from './testing.js';

describe('content sniffing', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'huoke-sniff-'));
  });
  const sniff = async (b: Buffer) => {
    const p = join(dir, `${Math.random()}`);
    await writeFile(p, b);
    return (await sniffFile(p, b.length))?.ext;
  };
  const ole = (stream: string) => {
    const b = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
    Buffer.from(stream, 'utf16le').copy(b, 1024);
    return b;
  };
  const ooxml = (main: string, part: string) =>
    zip({
      '[Content_Types].xml': `<Types><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${main}+xml"/></Types>`,
      [part]: '<x/>',
    });

  it('recognises every accepted document type by content', async () => {
    expect(await sniff(pdf())).toBe('pdf');
    expect(await sniff(docx())).toBe('docx');
    expect(await sniff(ooxml('spreadsheetml.sheet.main', 'xl/workbook.xml'))).toBe('xlsx');
    expect(await sniff(ooxml('presentationml.presentation.main', 'ppt/presentation.xml'))).toBe('pptx');
    expect(await sniff(ole('WordDocument'))).toBe('doc');
    expect(await sniff(ole('Workbook'))).toBe('xls');
    expect(await sniff(ole('PowerPoint Document'))).toBe('ppt');
    expect(await sniff(Buffer.from('纯文本\n第二行'))).toBe('txt');
    expect(await sniff(await png())).toBe('png');
  });

  it('recognises video containers', async () => {
    expect(await sniff(mp4())).toBe('mp4');
    expect(await sniff(Buffer.concat([Buffer.from('RIFF\0\0\0\0AVI LIST'), Buffer.alloc(64)]))).toBe('avi');
    expect(await sniff(Buffer.concat([Buffer.from([0, 0, 1, 0xba]), Buffer.alloc(64)]))).toBe('mpeg');
    expect(await sniff(Buffer.concat([Buffer.from('FLV\x01'), Buffer.alloc(64)]))).toBe('flv');
  });

  it('refuses executables, zips that are not office files, text with NULs or bad UTF-8', async () => {
    expect(await sniff(exe())).toBeUndefined();
    expect(await sniff(zip({ 'a.txt': 'hello' }))).toBeUndefined();
    expect(await sniff(ole('SomethingElse'))).toBeUndefined();
    expect(await sniff(Buffer.from('abc\0def'))).toBeUndefined();
    expect(await sniff(Buffer.from([0x61, 0xff, 0xfe, 0x62]))).toBeUndefined();
    expect(await sniff(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('chunk cleanup', () => {
  it('removes uploads untouched for a day and keeps fresh ones', async () => {
    const root = await mkdtemp(join(tmpdir(), 'huoke-chunks-'));
    const store = new ChunkStore(root);
    await mkdir(join(root, 'c1-u1-old-upload'));
    await writeFile(join(root, 'c1-u1-old-upload', '000001.part'), 'x');
    await mkdir(join(root, 'c1-u1-new-upload'));
    const old = new Date(Date.now() - 25 * 3600 * 1000);
    await utimes(join(root, 'c1-u1-old-upload'), old, old);
    expect(await store.cleanup()).toBe(1);
    expect(await readdir(root)).toEqual(['c1-u1-new-upload']);
  });
});
