import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The walls between console areas (DESIGN §3): a file under features/<area> imports only its own area, shared/
 * and app-free primitives; never another feature (two features that need the same code move it to shared/), and
 * shared/ never imports a feature. Read from the source files themselves.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const topOf = (path: string) => relative(SRC, path).split('/');

function wallBreaks(files: { file: string; text: string }[]): string[] {
  const breaks: string[] = [];
  for (const { file, text } of files) {
    const [top, area] = topOf(file);
    const specs = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
    for (const spec of specs) {
      const [toTop, toArea] = topOf(resolve(dirname(file), spec));
      const name = `${relative(SRC, file)} imports ${spec}`;
      if (top === 'features' && toTop === 'features' && toArea !== area) breaks.push(name);
      if (top === 'shared' && toTop === 'features') breaks.push(name);
    }
  }
  return breaks;
}

const read = (file: string) => ({ file, text: readFileSync(file, 'utf8') });

describe('area walls (console)', () => {
  it('no feature imports another feature, and shared/ imports no feature', () => {
    const files = [...sourceFiles(join(SRC, 'features')), ...sourceFiles(join(SRC, 'shared'))].map(read);
    expect(wallBreaks(files)).toEqual([]);
  });

  it('the check names an import of another feature', () => {
    const file = join(SRC, 'features', 'articles', 'pages', 'ArticlesPage.tsx');
    const text = "import { documentsApi } from '../../documents/api';\nimport { get } from '../../../shared/request';";
    expect(wallBreaks([{ file, text }])).toEqual([
      'features/articles/pages/ArticlesPage.tsx imports ../../documents/api',
    ]);
  });
});
