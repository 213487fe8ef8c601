import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * antd's <Segmented> is a radio group that names itself "segmented control" in English, which a screen reader says
 * in the Chinese console too: every one is given a name from the catalogs (`aria-label`, which antd passes on).
 * Read from the source files, tests excluded.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [path] : [];
  });

/** Each `<Segmented …/>` without an aria-label among its props, named `<file>:<line>`. */
function unnamed(files: { file: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    for (const m of text.matchAll(/<Segmented[\s<]/g)) {
      const props = text.slice(m.index, text.indexOf('/>', m.index));
      if (!/\baria-label=/.test(props)) out.push(`${file}:${text.slice(0, m.index).split('\n').length}`);
    }
  }
  return out;
}

describe('segmented controls are named (console)', () => {
  it('every antd <Segmented> has an aria-label', () => {
    const files = walk(SRC).map((file) => ({ file: relative(SRC, file), text: readFileSync(file, 'utf8') }));
    expect(unnamed(files)).toEqual([]);
  });

  it('the check names a Segmented without one, and passes one with it', () => {
    const text = [
      '<Segmented',
      '  value={days}',
      '  options={[7, 30]}',
      '/>',
      "<Segmented<Status> aria-label={t('choice.status')} value={s} />",
    ].join('\n');
    expect(unnamed([{ file: 'a.tsx', text }])).toEqual(['a.tsx:1']);
  });
});
