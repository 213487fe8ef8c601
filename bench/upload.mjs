// 4. Chunked upload of a 200 MB file in 2 MB parts: MB/s against two loopback copies of the same bytes (raw into
//    memory, and into a file on disk), and the server's peak RSS growth while it runs. The client is node:http
//    with a keep-alive agent, writing each part's bytes as they are (no FormData copy).
import { createHash, randomFillSync } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Sends `buf` over one loopback connection to `onSocket`'s server; answers MB/s until `done` resolves. */
async function loopbackMbPerS(buf, onSocket) {
  let done;
  const finished = new Promise((resolve, reject) => {
    done = { resolve, reject };
  });
  const server = createServer((s) => onSocket(s, done));
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
  await finished;
  const s = (performance.now() - t) / 1000;
  server.close();
  return buf.length / MB / s;
}

/** The bytes are read and dropped. */
const intoMemory = (s, done) => {
  s.on('data', () => {});
  s.on('end', done.resolve);
};

/** The bytes are written to a file by a bare server (timed until the file is written and closed). */
const intoFile = (path) => (s, done) => {
  const ws = createWriteStream(path);
  s.pipe(ws);
  ws.on('close', done.resolve);
  ws.on('error', done.reject);
};

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One ChunkUpload call: multipart fields, then the part's bytes written as they are. */
function sendPart(url, token, fields, part) {
  const boundary = `----huokebench${Math.random().toString(16).slice(2)}`;
  let head = '';
  for (const [k, v] of Object.entries(fields))
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n`;
  head += 'Content-Type: application/octet-stream\r\n\r\n';
  const headBuf = Buffer.from(head);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/fs/Files/ChunkUpload`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': headBuf.length + part.length + tail.length,
        },
      },
      (res) => {
        const body = [];
        res.on('data', (c) => body.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(body).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(headBuf);
    req.write(part);
    req.end(tail);
  });
}

export async function run() {
  const buf = mp4Bytes(SIZE_MB * MB);
  const sha = createHash('sha256').update(buf).digest('hex');
  const raw = await loopbackMbPerS(buf, intoMemory);
  const fileDir = await mkdtemp(join(tmpdir(), 'huoke-bench-copy-'));
  let file;
  try {
    file = await loopbackMbPerS(buf, intoFile(join(fileDir, 'copy.bin')));
  } finally {
    await rm(fileDir, { recursive: true, force: true });
  }
  const pct = (x, of) => `${Math.round((100 * x) / of)}%`;
  const rows = [
    {
      case: `raw loopback TCP copy (${SIZE_MB} MB)`,
      mbPerS: Math.round(raw),
      ratio: '100%',
      ratioToFileCopy: pct(raw, file),
      peakRssGrowthMb: '-',
      result: '-',
    },
    {
      case: `loopback TCP copy into a file (${SIZE_MB} MB)`,
      mbPerS: Math.round(file),
      ratio: pct(file, raw),
      ratioToFileCopy: '100%',
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
      last = await sendPart(
        server.url,
        token,
        {
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
        },
        part,
      );
      if (last.status !== 200) break;
    }
    const s = (performance.now() - t) / 1000;
    clearInterval(sampler);
    const ok = last?.status === 200 && /"isComplete":true/.test(last.body);
    const mbPerS = buf.length / MB / s;
    rows.push({
      case: `chunked upload /api/fs/Files/ChunkUpload (${SIZE_MB} MB, 2 MB parts)`,
      mbPerS: ok ? Math.round(mbPerS) : '-',
      ratio: ok ? pct(mbPerS, raw) : '-',
      ratioToFileCopy: ok ? pct(mbPerS, file) : '-',
      peakRssGrowthMb: Math.round((peak - idle) * 10) / 10,
      result: ok ? 'complete' : `failed: ${last?.status} ${String(last?.body).slice(0, 120)}`,
    });
  } finally {
    agent.destroy();
    await server.stop();
  }
  await report('upload', { machine: machine(), targets: '≥ 50% of raw loopback; peak RSS growth ≤ 64 MB' }, rows);
}
