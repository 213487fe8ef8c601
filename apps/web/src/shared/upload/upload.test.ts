// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { uploadPictures } from './api';
import { chunkedUpload } from './chunked';
import { crc32, crc32Hex } from './crc32';
import { checkFile, formatSize } from './rules';

const nodeSha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const nodeCrc = (b: Uint8Array) => zlibCrc32(b).toString(16).padStart(8, '0');

function bytes(n: number, seed = 1) {
  const b = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

describe('crc32', () => {
  it("matches node's zlib.crc32 (the server's check), whole and continued slice by slice", () => {
    expect(crc32Hex(new TextEncoder().encode('123456789'))).toBe('cbf43926');
    for (const n of [0, 1, 3, 255, 256, 1000, 100_000]) {
      const data = bytes(n, n + 7);
      expect(crc32Hex(data), `n=${n}`).toBe(nodeCrc(data));
      let c = 0;
      for (let i = 0; i < n; i += 37) c = crc32(data.subarray(i, i + 37), c);
      expect(c, `n=${n} in slices`).toBe(zlibCrc32(data));
    }
  });
});

/** A server that answers parts: `refuse(part, attempt)` says whether to answer 422 Crc32 to that attempt. */
function crcServer(refuse: (part: number, attempt: number) => boolean) {
  const sent: string[] = [];
  const attempts = new Map<number, number>();
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    const form = init?.body as FormData;
    const part = Number(form.get('PartNumber'));
    const attempt = (attempts.get(part) ?? 0) + 1;
    attempts.set(part, attempt);
    const body = new Uint8Array(await (form.get('file') as File).arrayBuffer());
    const ok = nodeCrc(body) === form.get('Crc32');
    sent.push(`${part}:${ok ? 'crc ok' : 'crc wrong'}`);
    if (refuse(part, attempt))
      return Response.json(
        {
          status: 422,
          title: 'Unprocessable Entity',
          detail: '分片校验失败（CRC-32不一致），请重新发送这一片',
          field: 'Crc32',
        },
        { status: 422, headers: { 'content-type': 'application/problem+json' } },
      );
    const complete = part === Number(form.get('Chunks'));
    return Response.json({
      uploadId: 'srv-id-123456',
      isComplete: complete,
      isContinue: !complete,
      nextPartNumber: part + 1,
      newFileName: complete ? 'z.mp4' : '',
    });
  });
  return sent;
}

describe('checkFile', () => {
  it('applies the image, video and document rules of SPEC §5', () => {
    expect(checkFile({ name: 'a.gif', size: 10, type: 'image/gif' }, 'image')).toBe('imageType');
    expect(checkFile({ name: 'a.png', size: 1024 * 1024, type: 'image/png' }, 'image')).toBe('imageSize');
    expect(checkFile({ name: 'a.png', size: 1024 * 1023, type: 'image/png' }, 'image')).toBeNull();
    expect(checkFile({ name: 'a.mp4', size: 51 * 1024 * 1024, type: 'video/mp4' }, 'video')).toBe('videoSize');
    expect(checkFile({ name: 'a.exe', size: 1, type: '' }, 'video')).toBe('videoType');
    expect(checkFile({ name: 'a.docx', size: 51 * 1024 * 1024, type: '' }, 'document')).toBe('fileSize');
    expect(checkFile({ name: 'a.exe', size: 1, type: '' }, 'document')).toBe('fileType');
    expect(formatSize(1536)).toBe('1.50KB');
    expect(formatSize(12)).toBe('12.00B');
  });
});

describe('chunkedUpload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends 2 MB chunks in order, each with its Crc32 and no Sha256, resumes from the part the server names after a network error', async () => {
    const data = bytes(5 * 1024 * 1024 + 123);
    const file = new File([data], 'movie.mp4', { type: 'video/mp4' });
    const stored: Uint8Array[] = [];
    const calls: string[] = [];
    let cut = true;
    const crcs: (string | null)[] = [];
    const shas: (string | null)[] = [];
    const ids: (string | null)[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/fs/Files/ChunkStatus')) {
        calls.push(`status ${new URL(url, 'http://x').searchParams.get('uploadId')}`);
        return Response.json({ uploadId: 'srv-id-123456', nextPartNumber: stored.length + 1 });
      }
      const form = init?.body as FormData;
      const part = Number(form.get('PartNumber'));
      calls.push(`part${part}`);
      ids.push(form.get('UploadId') as string | null);
      const blob = form.get('file') as File;
      crcs.push(form.get('Crc32') as string | null);
      shas.push(form.get('Sha256') as string | null);
      // The server stores part 2, then the answer is lost (network cut).
      if (part === 2 && cut) {
        stored[1] = new Uint8Array(await blob.arrayBuffer());
        cut = false;
        throw new TypeError('Failed to fetch');
      }
      stored[part - 1] = new Uint8Array(await blob.arrayBuffer());
      const chunks = Number(form.get('Chunks'));
      const complete = part === chunks;
      return Response.json({
        uploadId: 'srv-id-123456',
        isComplete: complete,
        isContinue: !complete,
        nextPartNumber: part + 1,
        newFileName: complete ? 'x.mp4' : '',
      });
    });
    const progress: number[] = [];
    const answer = await chunkedUpload(file, { retryDelayMs: 1, onProgress: (p) => progress.push(p) });
    expect(answer).toMatchObject({ isComplete: true, newFileName: 'x.mp4' });
    expect(calls).toEqual(['part1', 'part2', 'status srv-id-123456', 'part3']);
    // The first part goes without an id; the server's id goes with every later one.
    expect(ids).toEqual([null, 'srv-id-123456', 'srv-id-123456']);
    const joined = new Uint8Array(stored.reduce((n, s) => n + s.length, 0));
    let o = 0;
    for (const s of stored) {
      joined.set(s, o);
      o += s.length;
    }
    expect(nodeSha(joined)).toBe(nodeSha(data));
    // Each part's Crc32 is its bytes' (part 2 sent twice); the whole file is no longer hashed.
    expect(crcs).toEqual([stored[0], stored[1], stored[2]].map(nodeCrc));
    expect(shas).toEqual([null, null, null]);
    expect(progress.at(-1)).toBe(100);
  });

  it("starts again without an id when the first part's answer is lost (the server had not named an id yet)", async () => {
    const file = new File([bytes(3 * 1024 * 1024)], 'a.mp4', { type: 'video/mp4' });
    const sent: string[] = [];
    let lost = false;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/fs/Files/ChunkStatus')) throw new Error('no id to ask about');
      const form = init?.body as FormData;
      const part = Number(form.get('PartNumber'));
      sent.push(`${part}:${form.get('UploadId') ?? '-'}`);
      if (!lost) {
        lost = true;
        throw new TypeError('Failed to fetch');
      }
      const id = sent.length === 2 ? 'second-id-000' : String(form.get('UploadId'));
      return Response.json({
        uploadId: id,
        isComplete: part === 2,
        isContinue: part !== 2,
        nextPartNumber: part + 1,
        newFileName: part === 2 ? 'y.mp4' : '',
      });
    });
    const answer = await chunkedUpload(file, { retryDelayMs: 1 });
    expect(answer.newFileName).toBe('y.mp4');
    expect(sent).toEqual(['1:-', '1:-', '2:second-id-000']);
  });

  it('sends a part the server found damaged (422 Crc32) once more, and goes on', async () => {
    const sent = crcServer((part, attempt) => part === 2 && attempt === 1);
    const file = new File([bytes(5 * 1024 * 1024, 3)], 'c.mp4', { type: 'video/mp4' });
    const answer = await chunkedUpload(file, { retryDelayMs: 1 });
    expect(answer).toMatchObject({ isComplete: true, newFileName: 'z.mp4' });
    expect(sent).toEqual(['1:crc ok', '2:crc ok', '2:crc ok', '3:crc ok']);
  });

  it('fails with a clear message when the same part is found damaged twice', async () => {
    const sent = crcServer((part) => part === 2);
    const file = new File([bytes(3 * 1024 * 1024, 5)], 'd.mp4', { type: 'video/mp4' });
    const failed = chunkedUpload(file, { retryDelayMs: 1 });
    await expect(failed).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('第2片两次传输都已损坏'),
    });
    expect(sent).toEqual(['1:crc ok', '2:crc ok', '2:crc ok']);
  });

  it('stops on a client error without retrying', async () => {
    let n = 0;
    vi.stubGlobal('fetch', async () => {
      n++;
      return Response.json({ status: 400, title: 'Bad', detail: '视频大小不能超过50M' }, { status: 400 });
    });
    await expect(chunkedUpload(new File([bytes(10)], 'a.mp4'))).rejects.toThrow('视频大小不能超过50M');
    expect(n).toBe(1);
  });

  it("asks in the reader's language, so a refused file is said in it", async () => {
    const languages: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      languages.push(new Headers(init?.headers).get('accept-language'));
      return Response.json({ status: 400, title: 'Bad', detail: 'Video larger than 50 MB' }, { status: 400 });
    });
    await i18n.changeLanguage('en');
    try {
      await expect(chunkedUpload(new File([bytes(10)], 'a.mp4'))).rejects.toThrow('Video larger than 50 MB');
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
    expect(languages).toEqual(['en']);
  });
});

/** An XMLHttpRequest that says half the body has gone, then the whole, then answers `answer`. */
function progressXhr(answer: { status: number; body: unknown }) {
  const headers: Record<string, string> = {};
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    statusText = '';
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    open() {}
    setRequestHeader(k: string, v: string) {
      headers[k] = v;
    }
    getResponseHeader() {
      return 'application/json';
    }
    abort() {}
    send() {
      const step = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 1000 } as ProgressEvent);
      setTimeout(() => {
        step(500);
        step(1000);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
        this.onloadend?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return headers;
}

describe('postForm with progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells how many bytes have gone as they go, and answers the parsed JSON', async () => {
    const headers = progressXhr({ status: 200, body: { files: [] } });
    const seen: number[] = [];
    const answer = await uploadPictures([new File([bytes(1000)], 'a.png', { type: 'image/png' })], {}, undefined, (s) =>
      seen.push(s),
    );
    expect(seen).toEqual([500, 1000]);
    expect(answer).toEqual({ files: [] });
    expect(headers['x-system-code']).toBeTruthy();
  });

  it("a refusal is an UploadError with the server's words", async () => {
    progressXhr({ status: 400, body: { status: 400, title: 'Bad Request', detail: '文件内容与扩展名不符' } });
    const sent = uploadPictures([new File([bytes(10)], 'a.png', { type: 'image/png' })], {}, undefined, () => {});
    await expect(sent).rejects.toMatchObject({ status: 400, message: '文件内容与扩展名不符' });
  });
});
