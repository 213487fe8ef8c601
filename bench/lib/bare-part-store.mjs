// The upload's baseline: a bare node:http server that stores each POSTed part at its place in its upload's file, the
// way the upload writes a part (256 KB writes, up to 4 MB in flight on the thread pool), and answers a small JSON
// once the part's bytes are written. No framework, no multipart, no hash: what the SPEC's protocol (2 MB parts sent
// one after another, each answered once stored) costs on this machine by itself.
// Every upload (a part at offset 0 starts one) goes to a new file in <dir>, kept until the bench removes the folder:
// new page-cache pages cost much more here than pages written over, and the upload keeps its files too.
// Usage: node bare-part-store.mjs <port> <dir>; a part is `POST /?at=<offset>` with the raw bytes as its body.
import { open } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';

const BATCH = 256 * 1024;
const MAX_IN_FLIGHT = 16;
let files = 0;
let fh;

const server = createServer(async (req, res) => {
  let at = Number(new URL(req.url, 'http://x').searchParams.get('at') ?? 0);
  if (req.method === 'POST' && at === 0) {
    await fh?.close();
    fh = await open(join(process.argv[3], `upload-${++files}.bin`), 'w');
  }
  let list = [];
  let listBytes = 0;
  let inFlight = 0;
  let ended = false;
  let failed = false;
  const answer = () => {
    res.setHeader('content-type', 'application/json');
    res.end(failed ? '{"error":true}' : '{"isComplete":false}');
  };
  const flush = () => {
    const bufs = list;
    const position = at;
    at += listBytes;
    list = [];
    listBytes = 0;
    if (++inFlight >= MAX_IN_FLIGHT) req.pause();
    fh.writev(bufs, position)
      .catch(() => {
        failed = true;
      })
      .then(() => {
        inFlight--;
        req.resume();
        if (ended && inFlight === 0) answer();
      });
  };
  req.on('data', (c) => {
    list.push(c);
    listBytes += c.length;
    if (listBytes >= BATCH) flush();
  });
  req.on('end', () => {
    ended = true;
    if (listBytes) flush();
    else if (inFlight === 0) answer();
  });
});
server.listen(Number(process.argv[2]), '127.0.0.1');
process.on('SIGTERM', () => Promise.resolve(fh?.close()).finally(() => process.exit(0)));
