import { describe, expect, it } from 'vitest';
import { langOf } from './lang.js';

describe('langOf', () => {
  it('reads Chinese by default and English when the reader prefers it', () => {
    expect(langOf(undefined)).toBe('zh');
    expect(langOf('')).toBe('zh');
    expect(langOf('zh-CN')).toBe('zh');
    expect(langOf('en')).toBe('en');
    expect(langOf('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en');
    expect(langOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(langOf('fr-FR,en;q=0.5')).toBe('en');
    expect(langOf('zh;q=0.4,en;q=0.6')).toBe('en');
    expect(langOf('de')).toBe('zh');
  });
});
