import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The console exports only what another file uses (issue 20): an export that only its own file names is a local.
 * Read from the source files: `export function|const|class|type|interface x` whose name no other file under src/
 * (tests included) mentions.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

function lonelyExports(texts: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of texts) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const m of text.matchAll(/^export (?:async )?(?:function|const|class|type|interface|enum) (\w+)/gm)) {
      const word = new RegExp(`\\b${m[1]}\\b`);
      if (![...texts].some(([other, t]) => other !== file && word.test(t))) out.push(`${relative(SRC, file)}: ${m[1]}`);
    }
  }
  return out;
}

describe('exports (console)', () => {
  it('every export of the source is used by another file', () => {
    expect(lonelyExports(new Map(walk(SRC).map((f) => [f, readFileSync(f, 'utf8')])))).toEqual([]);
  });

  it('the check names an export only its own file uses', () => {
    const texts = new Map([
      [join(SRC, 'shared', 'a.ts'), 'export const used = 1;\nexport function lonely() {\n  return used;\n}'],
      [join(SRC, 'shared', 'b.test.ts'), "import { used } from './a';\nexport const fixture = used;"],
    ]);
    expect(lonelyExports(texts)).toEqual(['shared/a.ts: lonely']);
  });
});
