// 4. Chunked upload of a 200 MB file in 2 MB parts: MB/s against a raw loopback copy of the same bytes,
//    and the server's peak RSS growth while it runs.
import { createHash, randomFillSync } from 'node:crypto';
import { createConnection, createServer } from 'node:net';
import { report } from './lib/report.mjs';
import { rssMb, startHuoke } from './lib/servers.mjs';
import { login, machine } from './lib/setup.mjs';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const CHUNK = 2 * MB;

/** An MP4-looking file (ftyp box first, so content checks accept it) of random bytes. */
function mp4Bytes(size) {
  const buf = Buffer.allocUnsafe(size);
  randomFillSync(buf);
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex').copy(buf, 0);
  return buf;
}

async function loopbackMbPerS(buf) {
  const server = createServer((s) => s.on('data', () => {}));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const t = performance.now();
  await new Promise((resolve, reject) => {
    const c = createConnection(server.address().port, '127.0.0.1', () => {
      let off = 0;
      const write = () => {
        while (off < buf.length) {
          const ok = c.write(buf.subarray(off, off + CHUNK));
          off += CHUNK;
          if (!ok) return c.once('drain', write);
        }
        c.end();
      };
      write();
    });
    c.on('close', resolve);
    c.on('error', reject);
  });
  const s = (performance.now() - t) / 1000;
  server.close();
  return buf.length / MB / s;
}

export async function run() {
  const buf = mp4Bytes(SIZE_MB * MB);
  const sha = createHash('sha256').update(buf).digest('hex');
  const raw = await loopbackMbPerS(buf);
  const rows = [
    {
      case: `raw loopback TCP copy (${SIZE_MB} MB)`,
      mbPerS: Math.round(raw),
      ratio: '100%',
      peakRssGrowthMb: '-',
      result: '-',
    },
  ];
  const server = await startHuoke({ env: { MAX_VIDEO_MB: String(SIZE_MB + 10), MAX_FILE_MB: String(SIZE_MB + 10) } });
  try {
    const token = await login(server.url);
    const idle = await rssMb(server.pid);
    let peak = idle;
    const sampler = setInterval(async () => {
      try {
        peak = Math.max(peak, await rssMb(server.pid));
      } catch {}
    }, 50);
    const chunks = Math.ceil(buf.length / CHUNK);
    const uploadId = `bench-${Date.now()}`;
    let last;
    const t = performance.now();
    for (let i = 0; i < chunks; i++) {
      const part = buf.subarray(i * CHUNK, Math.min(buf.length, (i + 1) * CHUNK));
      const form = new FormData();
      for (const [k, v] of Object.entries({
        UploadId: uploadId,
        FileName: 'bench.mp4',
        PartNumber: i + 1,
        Size: part.length,
        Chunks: chunks,
        Start: i * CHUNK,
        End: i * CHUNK + part.length,
        Total: buf.length,
        VideoFileType: 'mp4',
        ...(i === chunks - 1 ? { Sha256: sha } : {}),
      }))
        form.append(k, String(v));
      form.append('file', new Blob([part]), 'blob');
      const res = await fetch(`${server.url}/api/fs/Files/ChunkUpload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      last = { status: res.status, body: await res.text() };
      if (!res.ok) break;
    }
    const s = (performance.now() - t) / 1000;
    clearInterval(sampler);
    const ok = last?.status === 200 && /"isComplete":true/.test(last.body);
    const mbPerS = buf.length / MB / s;
    rows.push({
      case: `chunked upload /api/fs/Files/ChunkUpload (${SIZE_MB} MB, 2 MB parts)`,
      mbPerS: ok ? Math.round(mbPerS) : '-',
      ratio: ok ? `${Math.round((100 * mbPerS) / raw)}%` : '-',
      peakRssGrowthMb: Math.round((peak - idle) * 10) / 10,
      result: ok ? 'complete' : `failed: ${last?.status} ${String(last?.body).slice(0, 120)}`,
    });
  } finally {
    await server.stop();
  }
  await report('upload', { machine: machine(), targets: '≥ 50% of raw loopback; peak RSS growth ≤ 64 MB' }, rows);
}
