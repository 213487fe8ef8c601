/**
 * The bytes of the demo's document and videos: seed-files/ beside src/ and dist/ (built once by
 * scripts/build-seed-files.mjs and committed, so the seed needs neither chromium nor ffmpeg).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

type DemoFileName = 'handbook.pdf' | 'demo-video.mp4' | 'case-video.mp4';

function seedFilesDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  // src/db/seed/ in development and tests, dist/ once bundled.
  for (const rel of ['../../../seed-files', '../seed-files']) {
    const dir = join(here, rel);
    if (existsSync(join(dir, 'handbook.pdf'))) return dir;
  }
  throw new Error('seed-files/ not found');
}

/** The file's bytes. */
export function demoFileBytes(name: DemoFileName): Promise<Buffer> {
  return readFile(join(seedFilesDir(), name));
}
