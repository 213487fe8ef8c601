import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { minifyCss } from './antd-prebuilt';
import { type AntdStyles, BASE_GROUP, extractAntdStyles, groupOfKey, styleGroupsOf } from './antd-styles';

/** The selectors of a stylesheet's rules (those inside @media and @keyframes too). */
const selectors = (css: string) =>
  new Set(
    [...css.matchAll(/([^{};]+)\{/g)]
      .map((m) => m[1].trim().replace(/\s+/g, ' '))
      .filter((s) => s && !s.startsWith('@') && !/^(from|to|\d+%)$/.test(s)),
  );

let styles: AntdStyles;
beforeAll(async () => {
  styles = await extractAntdStyles();
}, 60_000);

describe('antd stylesheet cut by component', () => {
  it('puts the login form’s rules in the boot sheet, and not the table’s', () => {
    for (const rule of ['.ant-btn', '.ant-input', '.ant-form-item', '.anticon', '.ant-message'])
      expect(styles.boot).toContain(rule);
    expect(styles.boot).not.toContain('.ant-table');
    expect(styles.bootGroups).toContain(BASE_GROUP);
    expect(styles.bootGroups).not.toContain('Table');
  });

  it('gives every other component a sheet of its own rules', () => {
    expect(styles.groups.get('Table')).toContain('.ant-table-thead');
    expect(styles.groups.get('Table')).not.toContain('.ant-picker');
    expect(styles.groups.get('DatePicker')).toContain('.ant-picker');
    // Form items use the grid's columns, which the boot render does not register: the grid stays out of the boot sheet.
    expect(styles.bootGroups).not.toContain('Grid');
    expect(styles.groups.get('Grid')).toContain('.ant-col-24');
  });

  it('loses no rule of antd’s own dist/antd.css; drops only the never-matched server-id variables and cache map', () => {
    const dist = readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8');
    const ours = selectors([styles.boot, ...styles.groups.values()].join(''));
    const dropped = (s: string) => s.includes('.css-var-_R_') || s === '.data-ant-cssinjs-cache-path';
    const missing = [...selectors(dist)].filter((s) => !ours.has(s) && !dropped(s));
    expect(missing).toEqual([]);
    expect([...ours].filter((s) => s.includes('css-var-_R_'))).toEqual([]);
  });
});

describe('style module scan', () => {
  it('names the groups an antd module registers', () => {
    const code = `const a = genStyleHooks('Button', f); const b = genSubStyleComponent(['Button', 'compact'], g);
      const c = genComponentStyleHook('Wave', h); const d = genStyleHooks(['Input', 'OTP'], i);`;
    expect(styleGroupsOf(code)).toEqual(['Button', 'Wave', 'Input']);
    expect(styleGroupsOf('export default function Button() {}')).toEqual([]);
  });

  it('groups cache keys by component', () => {
    expect(groupOfKey('style%%Input-Search%ant-input-search%anticon')).toBe('Input');
    expect(groupOfKey('style%%Table-Table%ant-table%anticon')).toBe('Table');
    expect(groupOfKey('style%%Shared%ant')).toBe(BASE_GROUP);
    expect(groupOfKey('style%%ant-design-icons%anticon')).toBe(BASE_GROUP);
  });
});

describe('the inline stylesheet', () => {
  it('is minified for the build target’s browsers: media queries keep the syntax Chrome 94 reads', () => {
    const css = minifyCss('@media (max-width: 575px) { .ant-form-item { margin-bottom: 0; } }');
    expect(css).toBe('@media (max-width:575px){.ant-form-item{margin-bottom:0}}');
  });
});
