import { type ChunkAnswer, type ChunkUploadFields, UPLOAD_CHUNK_BYTES } from '@huoke/contracts';
import type { RouteAnswer } from '@huoke/contracts/route';
import { uploadRoutes } from '@huoke/contracts/routes/files';
import i18n from '../i18n';
import { urlOf } from '../routeUrl';
import { crc32Hex } from './crc32';
import { formOf, postForm, UploadError } from './multipart';

export interface ChunkedUploadOptions {
  fileGroupId?: number;
  videoFileType?: string;
  folderName?: string;
  /** 0–100, called after every stored chunk. */
  onProgress?: (percent: number, sentBytes: number) => void;
  signal?: AbortSignal;
  /** How many times one chunk is retried after a network error (default 5). */
  retries?: number;
  /** Wait before a retry in ms (default 500, doubled each time). */
  retryDelayMs?: number;
  chunkBytes?: number;
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });
}

/** A failure worth retrying: the network dropped, the request timed out, or the server was briefly unavailable. */
function isTransient(e: unknown) {
  if (e instanceof UploadError) return e.status >= 500 || e.status === 408 || e.status === 429;
  return e instanceof TypeError || (e instanceof DOMException && e.name === 'TimeoutError');
}

/** The server refused a part because its bytes do not have the CRC-32 sent with them (damaged on the way). */
function isDamagedPart(e: unknown) {
  return e instanceof UploadError && e.status === 422 && (e.data as { field?: string } | null)?.field === 'Crc32';
}

/** Asks the server which part it expects next (resume after a network error). */
async function nextPart(uploadId: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const res = await fetch(`/api${urlOf(uploadRoutes.chunkStatus, { query: { uploadId } })}`, {
      headers: { 'cache-control': 'no-cache' },
      credentials: 'same-origin',
      signal,
    });
    if (!res.ok) return null;
    const body = (await res.json()) as RouteAnswer<typeof uploadRoutes.chunkStatus>;
    return body.nextPartNumber;
  } catch {
    return null;
  }
}

/**
 * Sends `file` in 2 MB chunks, one after another (SPEC §4); the first goes without an UploadId and the server's answer
 * names the id every later chunk carries. Each chunk carries the CRC-32 of its bytes (Crc32): a chunk damaged on the
 * way is refused by the server and sent once more before the upload fails. After a network error the server is
 * asked for the next part it expects and the upload goes on from there. Done when the answer says complete and not
 * continue.
 */
export async function chunkedUpload(file: File, opts: ChunkedUploadOptions = {}): Promise<ChunkAnswer> {
  const size = opts.chunkBytes ?? UPLOAD_CHUNK_BYTES;
  const chunks = Math.max(1, Math.ceil(file.size / size));
  // Issued by the server with the answer to the first part (random, bound to this user and company).
  let uploadId: string | undefined;
  const retries = opts.retries ?? 5;
  let delay = opts.retryDelayMs ?? 500;
  let failures = 0;
  // The part last sent again after the server found it damaged (each part gets one more try).
  let resent = 0;

  let part = 1;
  for (;;) {
    opts.signal?.throwIfAborted();
    const start = (part - 1) * size;
    const end = Math.min(part * size, file.size);
    // The chunk's bytes, read once: exactly these are sent, with their CRC-32.
    const bytes = new Uint8Array(await file.slice(start, end).arrayBuffer());
    const fields: ChunkUploadFields = {
      UploadId: uploadId,
      FileName: file.name,
      PartNumber: part,
      Size: end - start,
      Chunks: chunks,
      Start: start,
      End: end,
      Total: file.size,
      Crc32: crc32Hex(bytes),
      FileGroupId: opts.fileGroupId,
      VideoFileType: opts.videoFileType,
      FolderName: opts.folderName,
    };
    // The chunk goes after the fields, so the server knows where to stream it before it arrives.
    const form = formOf('file', [new File([bytes], file.name, { type: file.type })], fields);
    let answer: ChunkAnswer;
    try {
      answer = await postForm(uploadRoutes.chunk, form, opts.signal);
    } catch (e) {
      if (isDamagedPart(e) && !opts.signal?.aborted) {
        if (resent === part) {
          const data = (e as UploadError).data;
          throw new UploadError(i18n.t('common:upload.partDamaged', { part }), 422, data);
        }
        resent = part;
        continue;
      }
      if (!isTransient(e) || opts.signal?.aborted || failures >= retries) throw e;
      failures++;
      await sleep(delay, opts.signal);
      delay *= 2;
      // Before an id is known the upload starts again (a part the server kept under an id never heard of is
      // swept with its abandoned upload); with one, the server says where to go on.
      const next = uploadId === undefined ? 1 : await nextPart(uploadId, opts.signal);
      if (next !== null && next >= 1 && next <= chunks) part = next;
      continue;
    }
    failures = 0;
    uploadId ??= answer.uploadId;
    opts.onProgress?.(Math.round((end / file.size || 1) * 100), end);
    if (answer.isComplete && !answer.isContinue) return answer;
    const next = answer.nextPartNumber >= 1 ? answer.nextPartNumber : part + 1;
    if (next > chunks) throw new UploadError('upload did not complete', 500, answer);
    part = next;
  }
}
