import { describe, expect, it } from 'vitest';
import { vcard } from './pages.js';
import type { CardRow } from './service.js';

const card = (fields: Partial<CardRow>) =>
  ({
    name: '王管理',
    duties: '',
    phone: '13800000001',
    weChatId: '',
    isShowCompany: true,
    isShowPosition: true,
    isShowPhone: true,
    isShowWeChat: true,
    ...fields,
  }) as CardRow;

describe('the e-card vCard (保存到通讯录)', () => {
  it('keeps every typed line break inside its field: \\r\\n, \\n and a lone \\r', () => {
    const text = vcard(
      card({ name: '王管理\rTEL:110', duties: '经理\nEMAIL:x@evil.example', weChatId: 'a\r\nURL:x' }),
      '演示',
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

  it('leaves out what the card hides: company, position, phone and WeChat each by its own switch', () => {
    const full = card({ duties: '销售顾问', weChatId: 'wx_wang' });
    expect(vcard(full, '演示科技')).toContain('ORG:演示科技');
    const hidden = vcard(
      { ...full, isShowCompany: false, isShowPosition: false, isShowPhone: false, isShowWeChat: false },
      '演示科技',
    );
    expect(hidden).not.toMatch(/演示科技|销售顾问|13800000001|wx_wang/);
    expect(hidden).toContain('FN:王管理');
    const onlyPhone = vcard({ ...full, isShowCompany: false, isShowPosition: false, isShowWeChat: false }, '演示科技');
    expect(onlyPhone.split('\r\n').filter((l) => /^(ORG|TITLE|TEL|NOTE)/.test(l))).toEqual([
      'TEL;TYPE=CELL:13800000001',
    ]);
  });
});
