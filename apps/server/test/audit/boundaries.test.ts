import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The walls between areas (DESIGN §3): a module under src/modules/<area> reaches another area only through that
 * area's index.ts (its public face), never its internal files; no module imports app.ts (the app builds the
 * modules, not the other way round). Tests may reach anywhere. Read from the source files themselves.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const MODULES = join(SRC, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative imports (static, dynamic and re-exports) of a file, resolved to source paths. */
function relativeImports(file: string, text: string): string[] {
  const specs = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

const areaOf = (path: string) => {
  const rel = relative(MODULES, path);
  return rel.startsWith('..') || !rel.includes('/') ? undefined : rel.split('/')[0];
};

function wallBreaks(files: { file: string; text: string }[]): string[] {
  const breaks: string[] = [];
  for (const { file, text } of files) {
    const from = areaOf(file);
    if (!from) continue;
    for (const target of relativeImports(file, text)) {
      const rel = relative(SRC, target);
      if (rel === 'app.ts') breaks.push(`${relative(SRC, file)} imports app.ts`);
      const to = areaOf(target);
      if (to && to !== from && relative(join(MODULES, to), target) !== 'index.ts')
        breaks.push(`${relative(SRC, file)} imports ${rel} (use modules/${to}/index.ts)`);
    }
  }
  return breaks;
}

const read = (file: string) => ({ file, text: readFileSync(file, 'utf8') });

describe('area walls (server)', () => {
  it('modules reach other areas only through their index.ts, and never import app.ts', () => {
    expect(wallBreaks(sourceFiles(MODULES).map(read))).toEqual([]);
  });

  it('the check names a deep import into another area and an import of app.ts', () => {
    const seo = read(join(MODULES, 'seo', 'service.ts'));
    const probe = {
      file: seo.file,
      text: `${seo.text}\nimport { statsRoutes } from '../stats/routes.js';\nimport type { App } from '../../app.js';\n`,
    };
    expect(wallBreaks([probe])).toEqual([
      'modules/seo/service.ts imports modules/stats/routes.ts (use modules/stats/index.ts)',
      'modules/seo/service.ts imports app.ts',
    ]);
    expect(wallBreaks([{ file: seo.file, text: "import { liveHub } from '../messages/index.js';" }])).toEqual([]);
  });
});
