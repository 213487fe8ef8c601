// 4. Chunked upload of a 200 MB file in 2 MB parts: MB/s against two loopback copies of the same bytes (raw into
//    memory, and into a file on disk) and against the same 2 MB parts, one after another, stored by a bare node:http
//    server (lib/bare-part-store.mjs: the SPEC's protocol and the disk, without our server's work); the server's CPU
//    time (user + kernel; the bare part store's too) and its peak RSS growth while it runs.
//    The client is node:http with keep-alive agents, writing each part's bytes as they are (no FormData copy), each
//    with its Crc32 as the console sends it (computed before the timed rounds, so the client does the same work for
//    the upload as for the bare store).
//    Every case runs once to warm up, then in interleaved rounds (this machine's speed drifts by tens of percent
//    within minutes); the median is reported with the range.
import { execFileSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { report } from './lib/report.mjs';
import { rssMb, startBarePartStore, startHuoke } from './lib/servers.mjs';
import { login, machine } from './lib/setup.mjs';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const CHUNK = 2 * MB;
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
/** Parts sent at once: one after another as the console sends them (each waits for the previous answer), and three. */
const IN_FLIGHT = (process.env.BENCH_UPLOAD_IN_FLIGHT ?? '1,3').split(',').map(Number);

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

/** One ChunkUpload call over `agent`: multipart fields, then the part's bytes written as they are. */
function sendPart(agent, url, token, fields, part) {
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

/** Sends `buf` to the bare part store in 2 MB parts, one after another, each as a raw body; answers MB/s. */
async function barePartsMbPerS(store, buf) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const t = performance.now();
  try {
    for (let at = 0; at < buf.length; at += CHUNK) {
      const part = buf.subarray(at, at + CHUNK);
      const status = await new Promise((resolve, reject) => {
        const req = request(
          `${store.url}/?at=${at}`,
          { method: 'POST', agent, headers: { 'content-length': part.length } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(part);
      });
      if (status !== 200) throw new Error(`bare part store answered ${status}`);
    }
  } finally {
    agent.destroy();
  }
  return buf.length / MB / ((performance.now() - t) / 1000);
}

/** CPU seconds a process has used so far, in user space and in the kernel (Linux /proc, 100 ticks a second). */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(f[11]) / 100, sys: Number(f[12]) / 100 };
}

/** One whole upload of `buf` with `inFlight` parts sent at once (each on its own keep-alive connection). */
async function uploadOnce(server, token, buf, crcs, inFlight) {
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const chunks = Math.ceil(buf.length / CHUNK);
  // The first part goes alone, without an id: the server's answer names the upload id the other parts carry.
  let uploadId;
  let next = 1;
  let failure;
  let completed;
  const sendIndex = async (i) => {
    const part = buf.subarray(i * CHUNK, Math.min(buf.length, (i + 1) * CHUNK));
    const res = await sendPart(
      agent,
      server.url,
      token,
      {
        ...(uploadId ? { UploadId: uploadId } : {}),
        FileName: 'bench.mp4',
        PartNumber: i + 1,
        Size: part.length,
        Chunks: chunks,
        Start: i * CHUNK,
        End: i * CHUNK + part.length,
        Total: buf.length,
        VideoFileType: 'mp4',
        Crc32: crcs[i],
      },
      part,
    );
    if (res.status !== 200) failure = res;
    else if (/"isComplete":true/.test(res.body)) completed = res;
    else uploadId ??= JSON.parse(res.body).uploadId;
  };
  const lane = async () => {
    while (!failure && next < chunks) await sendIndex(next++);
  };
  const cpu = await cpuSeconds(server.pid);
  const t = performance.now();
  try {
    await sendIndex(0);
    if (!failure && !completed) await Promise.all(Array.from({ length: inFlight }, lane));
  } finally {
    agent.destroy();
  }
  const s = (performance.now() - t) / 1000;
  const after = await cpuSeconds(server.pid);
  const serverCpu = { user: after.user - cpu.user, sys: after.sys - cpu.sys };
  const result = failure
    ? `failed: ${failure.status} ${String(failure.body).slice(0, 120)}`
    : completed
      ? 'complete'
      : 'never answered isComplete';
  return { mbPerS: buf.length / MB / s, serverCpu, ok: !failure && !!completed, result };
}

/**
 * Writes the page cache's dirty pages to disk before a timed case: otherwise the files of the cases before (600 MB a
 * round) are written back by the kernel during the next case, and whichever case runs then pays for it.
 */
function flushDirtyPages() {
  execFileSync('sync');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The median CPU seconds of some rounds, user + kernel (`0.31 + 0.79`). */
const cpuText = (cpus) => ['user', 'sys'].map((w) => median(cpus.map((c) => c[w])).toFixed(2)).join(' + ');

export async function run() {
  const buf = mp4Bytes(SIZE_MB * MB);
  // Each part's CRC-32 as the Crc32 field (8 hex digits), once, outside the timed rounds.
  const crcs = Array.from({ length: Math.ceil(buf.length / CHUNK) }, (_, i) =>
    crc32(buf.subarray(i * CHUNK, (i + 1) * CHUNK))
      .toString(16)
      .padStart(8, '0'),
  );
  const fileDir = await mkdtemp(join(tmpdir(), 'huoke-bench-copy-'));
  const copyIntoFile = async () => {
    const path = join(fileDir, 'copy.bin');
    const mbPerS = await loopbackMbPerS(buf, intoFile(path));
    await rm(path);
    return mbPerS;
  };
  const store = await startBarePartStore(fileDir);
  const server = await startHuoke({ env: { MAX_VIDEO_MB: String(SIZE_MB + 10), MAX_FILE_MB: String(SIZE_MB + 10) } });
  const runs = { raw: [], file: [], parts: [], partsCpu: [], ...Object.fromEntries(IN_FLIGHT.map((k) => [k, []])) };
  const peakGrowth = Object.fromEntries(IN_FLIGHT.map((k) => [k, 0]));
  const results = Object.fromEntries(IN_FLIGHT.map((k) => [k, 'complete']));
  try {
    const token = await login(server.url);
    // Warm-up: every path once (the first copy of a run is 3-4 times slower than the next ones: JIT, socket buffers).
    await loopbackMbPerS(buf, intoMemory);
    await copyIntoFile();
    await barePartsMbPerS(store, buf);
    for (const k of IN_FLIGHT) await uploadOnce(server, token, buf, crcs, k);
    // Rounds, interleaved so that a slow spell of the machine touches every case alike; medians are reported.
    for (let round = 0; round < ROUNDS; round++) {
      flushDirtyPages();
      runs.raw.push(await loopbackMbPerS(buf, intoMemory));
      flushDirtyPages();
      runs.file.push(await copyIntoFile());
      flushDirtyPages();
      const storeCpu = await cpuSeconds(store.pid);
      runs.parts.push(await barePartsMbPerS(store, buf));
      const storeAfter = await cpuSeconds(store.pid);
      runs.partsCpu.push({ user: storeAfter.user - storeCpu.user, sys: storeAfter.sys - storeCpu.sys });
      for (const k of IN_FLIGHT) {
        flushDirtyPages();
        const idle = await rssMb(server.pid);
        let peak = idle;
        const sampler = setInterval(async () => {
          try {
            peak = Math.max(peak, await rssMb(server.pid));
          } catch {}
        }, 50);
        const one = await uploadOnce(server, token, buf, crcs, k).finally(() => clearInterval(sampler));
        peakGrowth[k] = Math.max(peakGrowth[k], peak - idle);
        if (!one.ok) results[k] = one.result;
        runs[k].push(one);
      }
    }
  } finally {
    await server.stop();
    await store.stop();
    await rm(fileDir, { recursive: true, force: true });
  }
  const raw = median(runs.raw);
  const file = median(runs.file);
  const parts = median(runs.parts);
  const pct = (x, of) => `${Math.round((100 * x) / of)}%`;
  const range = (xs) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;
  const rows = [
    {
      case: `raw loopback TCP copy (${SIZE_MB} MB)`,
      mbPerS: Math.round(raw),
      range: range(runs.raw),
      ratio: '100%',
      ratioToFileCopy: pct(raw, file),
      ratioToBareParts: pct(raw, parts),
      serverCpuS: '-',
      peakRssGrowthMb: '-',
      result: '-',
    },
    {
      case: `loopback TCP copy into a file (${SIZE_MB} MB)`,
      mbPerS: Math.round(file),
      range: range(runs.file),
      ratio: pct(file, raw),
      ratioToFileCopy: '100%',
      ratioToBareParts: pct(file, parts),
      serverCpuS: '-',
      peakRssGrowthMb: '-',
      result: '-',
    },
    {
      case: `2 MB parts one after another, stored by a bare node:http server (${SIZE_MB} MB)`,
      mbPerS: Math.round(parts),
      range: range(runs.parts),
      ratio: pct(parts, raw),
      ratioToFileCopy: pct(parts, file),
      ratioToBareParts: '100%',
      serverCpuS: cpuText(runs.partsCpu),
      peakRssGrowthMb: '-',
      result: '-',
    },
  ].map((r) => ({ ...r, roundsToBareParts: '-' }));
  for (const k of IN_FLIGHT) {
    const ok = results[k] === 'complete';
    const speeds = runs[k].map((r) => r.mbPerS);
    const mbPerS = median(speeds);
    rows.push({
      case: `chunked upload /api/fs/Files/ChunkUpload (${SIZE_MB} MB, 2 MB parts, ${k} in flight)`,
      mbPerS: ok ? Math.round(mbPerS) : '-',
      range: ok ? range(speeds) : '-',
      ratio: ok ? pct(mbPerS, raw) : '-',
      ratioToFileCopy: ok ? pct(mbPerS, file) : '-',
      ratioToBareParts: ok ? pct(mbPerS, parts) : '-',
      serverCpuS: cpuText(runs[k].map((r) => r.serverCpu)),
      peakRssGrowthMb: Math.round(peakGrowth[k] * 10) / 10,
      result: results[k],
      // Each round's upload against the bare store's figure of the same round (they ran one after the other).
      roundsToBareParts: ok ? runs[k].map((r, i) => pct(r.mbPerS, runs.parts[i])).join(' ') : '-',
    });
  }
  await report(
    'upload',
    {
      machine: machine(),
      targets: '≥ 50% of raw loopback; peak RSS growth ≤ 64 MB',
      how: `one warm-up of every case, then ${ROUNDS} interleaved rounds, dirty pages written to disk (sync) before each timed case; the median of the rounds and their range`,
    },
    rows,
  );
}
