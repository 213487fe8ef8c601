import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect';

describe('safeRedirect', () => {
  it('keeps paths of the console', () => {
    expect(safeRedirect('/articles?tab=mine#x')).toBe('/articles?tab=mine#x');
    expect(safeRedirect('/radar/visitors')).toBe('/radar/visitors');
  });

  it('refuses every address a browser would take to another site', () => {
    // location.assign('/\\evil.example') opens https://evil.example: backslash is a slash in http(s) URLs.
    for (const v of ['//evil.example', '/\\evil.example', '/\\/evil.example', '/\t/evil.example', '/\n/evil.example'])
      expect(safeRedirect(v), JSON.stringify(v)).toBe('/');
    for (const v of ['https://evil.example', 'javascript:alert(1)', '', null, undefined, '/login?redirect=/x'])
      expect(safeRedirect(v), JSON.stringify(v)).toBe('/');
  });
});
