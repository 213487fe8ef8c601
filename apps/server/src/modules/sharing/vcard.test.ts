import { describe, expect, it } from 'vitest';
import { vcard } from './pages.js';
import type { CardRow } from './service.js';

const card = (fields: Partial<CardRow>) =>
  ({ name: '王管理', duties: '', phone: '13800000001', weChatId: '', ...fields }) as CardRow;

describe('the e-card vCard (保存到通讯录)', () => {
  it('keeps every typed line break inside its field: \\r\\n, \\n and a lone \\r', () => {
    const text = vcard(
      card({ name: '王管理\rTEL:110', duties: '经理\nEMAIL:x@evil.example', weChatId: 'a\r\nURL:x' }),
      '演示',
      true,
    );
    const lines = text.split(/\r\n|\n|\r/);
    // Only the card's own properties start a line: no TEL, EMAIL or URL smuggled in by a field.
    expect(lines.map((l) => l.split(/[:;]/)[0])).toEqual([
      'BEGIN',
      'VERSION',
      'FN',
      'N',
      'ORG',
      'TITLE',
      'TEL',
      'NOTE',
      'END',
      '',
    ]);
    expect(text).toContain('FN:王管理\\nTEL:110\r\n');
    expect(text).toContain('TEL;TYPE=CELL:13800000001\r\n');
  });
});
