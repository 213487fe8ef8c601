import { describe, expect, it } from 'vitest';
import locales from './locales';
import { entryStatus } from './status';

describe('guestbook status', () => {
  it('says 已回复（短信已发送） when the reply went by SMS, 已回复 otherwise', () => {
    const zh = locales['zh-CN'] as Record<string, unknown>;
    const en = locales.en as Record<string, unknown>;
    const sms = entryStatus({ handled: true, reply: '好的', replySmsSent: true });
    expect([zh[sms], en[sms]]).toEqual(['已回复（短信已发送）', 'Replied (SMS sent)']);
    expect(zh[entryStatus({ handled: true, reply: '好的', replySmsSent: false })]).toBe('已回复');
    expect(zh[entryStatus({ handled: true, reply: '', replySmsSent: false })]).toBe('已处理');
    expect(zh[entryStatus({ handled: false, reply: '', replySmsSent: false })]).toBe('未处理');
  });
});
