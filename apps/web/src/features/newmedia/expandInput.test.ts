import { EXPAND_CAP } from '@huoke/contracts';
import { describe, expect, it } from 'vitest';
import { previewCount, splitInput } from './expandInput';

describe('expansion inputs', () => {
  it('splits by lines, commas and 、, dropping empty words', () => {
    expect(splitInput('北京\n上海，广州、 深圳,,\n')).toEqual(['北京', '上海', '广州', '深圳']);
  });

  it('counts distinct keywords before generating and says when the list is capped', () => {
    expect(previewCount('名片', '北京\n上海', '价格')).toEqual({ total: 6, capped: false, shown: 6 });
    expect(previewCount('名片\n名片', '', '')).toEqual({ total: 1, capped: false, shown: 1 });
    expect(previewCount('', '北京', '价格').total).toBe(0);
    const many = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`).join('\n');
    expect(previewCount(many(20, 'c'), many(10, 'r'), many(10, 'm'))).toEqual({
      total: 2420,
      capped: true,
      shown: EXPAND_CAP,
    });
  });
});
