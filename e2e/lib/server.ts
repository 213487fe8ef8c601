import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// HUOKE_SERVER_MAIN runs the journeys against another build (e.g. an integration checkout).
const MAIN = process.env.HUOKE_SERVER_MAIN ?? fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the server and removes its data folder, unless asked to keep it. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  /** Lines the server printed (for reading SMS codes from the outbox, or debugging). */
  output: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * Starts the built server (apps/server/dist) on a free port with its own data folder: a copy of `from` (a folder a
 * stopped server left), or the given empty `dataDir`, or a new empty one.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { from?: string; dataDir?: string } = {},
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'huoke-e2e-')));
  await mkdir(dataDir, { recursive: true });
  if (opts.from) await cp(opts.from, dataDir, { recursive: true });
  const port = await freePort();
  const output: string[] = [];
  // Liftoff only: V8 compiles PGlite's WebAssembly with its baseline compiler and never tiers it up. A journey's server
  // lives a minute on a small database, where the optimising compiler's work never paid back: a start took about
  // 3.5 CPU-s to ready instead of 2.7, on the same wall time (measured on two cores). A long-lived server keeps the
  // default: under load its optimised code stores about a third more tracking events per second
  // (bench/results/2026-12-04-pglite-liftoff.md).
  const child: ChildProcess = spawn(process.execPath, ['--liftoff-only', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The demo data is small: with a 16MB buffer pool each of the thirty-odd starts is ready about 0.4 s sooner.
      PGLITE_SHARED_BUFFERS: '16MB',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  // A busy machine (several suites at once) can take minutes to migrate and seed.
  const deadline = Date.now() + Number(process.env.HUOKE_SERVER_READY_MS ?? 280_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`server did not become ready: ${output.join('')}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    output,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
