import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkedUpload } from './chunked';
import { checkFile, formatSize } from './rules';
import { Sha256 } from './sha256';

const nodeSha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function bytes(n: number, seed = 1) {
  const b = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

describe('Sha256', () => {
  it('matches node for sizes around the block and padding edges, fed in odd slices', () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 100_000]) {
      const data = bytes(n, n + 7);
      const h = new Sha256();
      for (let i = 0; i < n; i += 37) h.update(data.subarray(i, i + 37));
      expect(h.digestHex(), `n=${n}`).toBe(nodeSha(data));
    }
  });
});

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

  it('sends 2 MB chunks in order, resumes from the part the server names after a network error, sends the SHA-256 last', async () => {
    const data = bytes(5 * 1024 * 1024 + 123);
    const file = new File([data], 'movie.mp4', { type: 'video/mp4' });
    const stored: Uint8Array[] = [];
    const calls: string[] = [];
    let cut = true;
    let sha: string | null = null;
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
      // The server stores part 2, then the answer is lost (network cut).
      if (part === 2 && cut) {
        stored[1] = new Uint8Array(await blob.arrayBuffer());
        cut = false;
        throw new TypeError('Failed to fetch');
      }
      stored[part - 1] = new Uint8Array(await blob.arrayBuffer());
      const chunks = Number(form.get('Chunks'));
      sha = (form.get('Sha256') as string | null) ?? sha;
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
    expect(sha).toBe(nodeSha(data));
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

  it('stops on a client error without retrying', async () => {
    let n = 0;
    vi.stubGlobal('fetch', async () => {
      n++;
      return Response.json({ status: 400, title: 'Bad', detail: '视频大小不能超过50M' }, { status: 400 });
    });
    await expect(chunkedUpload(new File([bytes(10)], 'a.mp4'))).rejects.toThrow('视频大小不能超过50M');
    expect(n).toBe(1);
  });
});
