import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No component or function in the console's source runs over 120 lines (issue 20): a longer one is split into named
 * sections, columns, dialogs or hooks. Read from the TypeScript syntax tree of every source file (tests excluded):
 * function declarations, arrow functions, function expressions and methods, counted from their first line to their last.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 120;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText().slice(0, 40)}(…)`;
  return '(anonymous)';
}

function longFunctions(file: string, text: string, max = MAX_LINES): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push(`${relative(SRC, file)}:${first + 1} ${nameOf(node)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length (console)', () => {
  it(`no component or function in src runs over ${MAX_LINES} lines`, () => {
    const offenders = sourceFiles(SRC).flatMap((file) => longFunctions(file, readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
    // Parsing every source file takes seconds on a loaded machine.
  }, 60_000);

  it('the check names a long arrow component', () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const text = `export const Long = () => {\n${body}\n  return null;\n};\nfunction short() { return 1; }\n`;
    expect(longFunctions(join(SRC, 'features', 'x', 'Long.tsx'), text, 5)).toEqual([
      'features/x/Long.tsx:1 Long (8 lines)',
    ]);
  });
});
