import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the server's source (issue 20): per-app objects are built in app.ts only, so a source file holds no
 * module-level mutable singleton (a Map, WeakMap or object built with `new` at its top level) outside the
 * allow-list below; the import graph has no cycle; no function (arrow functions handed to route registration
 * included) runs over MAX_LINES lines, seeds aside. Read from the source files with the TypeScript parser.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const MAX_LINES = 120;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const parse = (file: string, text = readFileSync(file, 'utf8')) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

/**
 * Top-level objects built with `new` that are allowed, each for its reason (`file:name`). Sets and block lists of
 * constants are tables, not state, and pass without a listing.
 */
const ALLOWED_SINGLETONS: Record<string, string> = {
  'lib/prepared.ts:byDb':
    "prepared statements belong to the database handle they were built on (a WeakMap keyed by it: the handle's own)",
  'modules/radar/ingest.ts:pgliteFlush':
    "the ingest's named statement on PGlite belongs to the PGlite handle it was parsed on (as lib/prepared.ts)",
  'modules/company/regions.ts:trees': 'the region trees of @vant/area-data, built on first use: constant data',
  'storage/tools.ts:found': 'where an executable sits on PATH: a fact of the process, not of an app',
  'storage/tools.ts:officeQueue': 'LibreOffice conversions of the process, one per core (the cores are the process’s)',
  'storage/tools.ts:ffmpegQueue': 'ffmpeg runs of the process, one per core (as officeQueue)',
};
const CONSTANT_CLASSES = new Set(['Set', 'BlockList', 'RegExp', 'TextEncoder', 'TextDecoder']);

/** Top-level `const/let x = new C(…)` of a file, as `file:x (new C)`, outside the allow-list. */
function singletons(file: string, text?: string): string[] {
  const sf = parse(file, text);
  const rel = relative(SRC, file);
  const found: string[] = [];
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt)) continue;
    for (const d of stmt.declarationList.declarations) {
      let init = d.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)))
        init = init.expression;
      if (!init || !ts.isNewExpression(init)) continue;
      const cls = init.expression.getText(sf);
      const name = d.name.getText(sf);
      if (CONSTANT_CLASSES.has(cls) || ALLOWED_SINGLETONS[`${rel}:${name}`]) continue;
      found.push(`${rel}:${name} (new ${cls})`);
    }
  }
  return found;
}

/** Relative imports of a file (static, dynamic, re-exports, type-only too), resolved to source paths. */
function imports(file: string, text: string): string[] {
  const specs = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts'))).filter((p) => existsSync(p));
}

/** The import cycles of a graph (its strongly connected components of more than one file, or a self-import). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || graph.get(v)?.includes(v)) out.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

const importGraph = (files: string[]) =>
  new Map(files.map((f) => [relative(SRC, f), imports(f, readFileSync(f, 'utf8')).map((p) => relative(SRC, p))]));

/**
 * Functions the size check leaves to their owner for now, each with its reason. Empty it as they are split.
 * `file:name`.
 */
const LONG_FUNCTIONS_OWNED_ELSEWHERE: Record<string, string> = {};

/** Functions of a file over MAX_LINES lines, as `file:line name (n lines)`. */
function longFunctions(file: string, text?: string): string[] {
  const sf = parse(file, text);
  const rel = relative(SRC, file);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const lines = sf.getLineAndCharacterOfPosition(node.end).line - start + 1;
      let name = node.name?.getText(sf);
      if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText(sf);
      if (!name && ts.isCallExpression(node.parent)) name = `${node.parent.expression.getText(sf)}(…)`;
      name ??= '<anonymous>';
      if (lines > MAX_LINES && !LONG_FUNCTIONS_OWNED_ELSEWHERE[`${rel}:${name}`])
        out.push(`${rel}:${start + 1} ${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every .ts file below a folder, tests included (the readers of an export). */
function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return allFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Exports that no other file names: `export function|const|class|type|interface x` of a source file whose name no
 * other file (source or test) mentions. The database schema is read by drizzle-kit through its exports and stays out.
 */
function unusedExports(sources: string[], readers: Map<string, string>): string[] {
  const out: string[] = [];
  for (const file of sources) {
    const rel = relative(SRC, file);
    if (rel.startsWith(join('db', 'schema'))) continue;
    const text = readers.get(file) ?? readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^export (?:async )?(?:function|const|class|type|interface|enum) (\w+)/gm)) {
      const word = new RegExp(`\\b${m[1]}\\b`);
      const used = [...readers].some(([other, t]) => other !== file && word.test(t));
      if (!used) out.push(`${rel}: ${m[1]}`);
    }
  }
  return out;
}

const files = sourceFiles(SRC);

describe('source shape (server)', () => {
  it('no source file holds a module-level mutable singleton (app.ts builds per-app objects)', () => {
    expect(files.flatMap((f) => singletons(f))).toEqual([]);
  });

  it('the singleton check names a module-level Map, WeakMap and cache, and passes constant tables', () => {
    const file = join(SRC, 'modules', 'probe.ts');
    const text = [
      "const KINDS = new Set(['a', 'b']);",
      'const byApp = new WeakMap<object, number>();',
      'export const seen = new Map<string, number>() as Map<string, number>;',
      'const totals = new CountCache();',
      'function f() { const local = new Map(); return local; }',
    ].join('\n');
    expect(singletons(file, text)).toEqual([
      'modules/probe.ts:byApp (new WeakMap)',
      'modules/probe.ts:seen (new Map)',
      'modules/probe.ts:totals (new CountCache)',
    ]);
  });

  it('the import graph of src has no cycle', () => {
    expect(cycles(importGraph(files))).toEqual([]);
  });

  it('the cycle check finds a cycle through three files and a self-import', () => {
    const g = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cycles(g)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it(`no function runs over ${MAX_LINES} lines (seeds aside)`, () => {
    const source = files.filter((f) => !relative(SRC, f).startsWith(join('db', 'seed')));
    expect(source.flatMap((f) => longFunctions(f))).toEqual([]);
  });

  it('the size check counts an arrow function handed to route registration', () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const text = `export async function routes(r) {\n  r.get('/x', {}, async (req) => {\n${body}\n  });\n}\n`;
    const found = longFunctions(join(SRC, 'modules', 'probe.ts'), text);
    expect(found).toEqual([
      `modules/probe.ts:1 routes (${MAX_LINES + 4} lines)`,
      `modules/probe.ts:2 r.get(…) (${MAX_LINES + 2} lines)`,
    ]);
  });
  it('every export of the source is used by another file (the schema aside)', () => {
    const readers = new Map(
      [...allFiles(SRC), ...allFiles(resolve(SRC, '../test'))].map((f) => [f, readFileSync(f, 'utf8')] as const),
    );
    expect(unusedExports(files, readers)).toEqual([]);
  });

  it('the export check names an export only its own file uses', () => {
    const a = join(SRC, 'modules', 'probe-a.ts');
    const b = join(SRC, 'modules', 'probe-b.ts');
    const readers = new Map([
      [a, 'export const used = 1;\nexport function lonely() { return used; }\nexport type Shape = { n: number };'],
      [b, "import { used, type Shape } from './probe-a.js';"],
    ]);
    expect(unusedExports([a], readers)).toEqual(['modules/probe-a.ts: lonely']);
  });
});
