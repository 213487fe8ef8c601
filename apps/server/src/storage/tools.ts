/** External tools: LibreOffice (office → PDF, a queue of one conversion per core, 60 s bound) and ffmpeg (video cover). */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const found = new Map<string, string | null>();

/** The first executable of that name on PATH, or null (looked up again when PATH changes). */
export async function findOnPath(bin: string): Promise<string | null> {
  const path = process.env.PATH ?? '';
  const key = `${path}${delimiter}${bin}`;
  if (found.has(key)) return found.get(key) ?? null;
  let hit: string | null = null;
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const p = join(dir, bin);
    try {
      await access(p, constants.X_OK);
      if ((await stat(p)).isFile()) {
        hit = p;
        break;
      }
    } catch {}
  }
  found.set(key, hit);
  return hit;
}

/** Runs a command with a hard time bound; resolves true on exit code 0. */
function run(cmd: string, args: string[], timeoutMs: number, env?: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'ignore', env: env ?? process.env, detached: true });
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {}
      resolve(false);
    }, timeoutMs);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/** A FIFO of at most `size` concurrent jobs. */
class Queue {
  private running = 0;
  private waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((r) => this.waiting.push(r));
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

const officeQueue = new Queue(Math.max(1, availableParallelism()));

/** Converts an office file to PDF with `soffice --headless`; answers the PDF path, or null on failure/timeout. */
export async function officeToPdf(input: string, outDir: string, timeoutMs = 60_000): Promise<string | null> {
  const soffice = (await findOnPath('soffice')) ?? (await findOnPath('libreoffice'));
  if (!soffice) return null;
  const started = Date.now();
  return officeQueue.run(async () => {
    const left = timeoutMs - (Date.now() - started);
    if (left <= 0) return null;
    const profile = join(tmpdir(), `huoke-lo-${randomUUID()}`);
    const out = join(outDir, randomUUID());
    await mkdir(out, { recursive: true });
    try {
      const ok = await run(
        soffice,
        [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', out, input],
        left,
      );
      const pdf = (await readdir(out)).find((f) => f.endsWith('.pdf'));
      if (!ok || !pdf) {
        await rm(out, { recursive: true, force: true });
        return null;
      }
      return join(out, pdf);
    } finally {
      await rm(profile, { recursive: true, force: true });
    }
  });
}

const ffmpegQueue = new Queue(Math.max(1, availableParallelism()));

/** Grabs a JPEG frame of a video with ffmpeg; null when ffmpeg is missing or fails. */
export async function videoCover(input: string, outPath: string, timeoutMs = 30_000): Promise<boolean> {
  const ffmpeg = await findOnPath('ffmpeg');
  if (!ffmpeg) return false;
  return ffmpegQueue.run(async () => {
    for (const at of ['1', '0']) {
      const ok = await run(
        ffmpeg,
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-ss',
          at,
          '-i',
          input,
          '-frames:v',
          '1',
          '-vf',
          'scale=min(640\\,iw):-2',
          '-y',
          outPath,
        ],
        timeoutMs,
      );
      if (ok && (await stat(outPath).catch(() => null))?.size) return true;
    }
    return false;
  });
}
