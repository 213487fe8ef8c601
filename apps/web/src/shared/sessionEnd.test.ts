import { describe, expect, it } from 'vitest';
import { returnTarget, smsLoginPath } from './sessionEnd';

describe('returnTarget', () => {
  it('keeps the page itself, and nothing for the workbench', () => {
    expect(returnTarget('/leads', '?tab=hot')).toBe('/leads?tab=hot');
    expect(returnTarget('/', '')).toBeNull();
  });

  it('on the login and its steps, keeps the page they were on their way to, however deep', () => {
    expect(returnTarget('/choose-company', '?redirect=%2Fleads')).toBe('/leads');
    expect(returnTarget('/choose-company', '')).toBeNull();
    const nested = `?redirect=${encodeURIComponent(`/bind-mobile?redirect=${encodeURIComponent('/radar?x=1')}`)}`;
    expect(returnTarget('/choose-company', nested)).toBe('/radar?x=1');
    expect(returnTarget('/login', '?redirect=%2Fchoose-company')).toBeNull();
  });

  it('keeps nothing of another site', () => {
    for (const v of ['//evil.example', '/\\evil.example', 'https://evil.example'])
      expect(returnTarget('/choose-company', `?redirect=${encodeURIComponent(v)}`), v).toBeNull();
  });
});

describe('smsLoginPath', () => {
  it('opens the SMS-code tab on its way back', () => {
    expect(smsLoginPath('/leads', '?tab=hot')).toBe(
      `/login?tab=phone&redirect=${encodeURIComponent('/leads?tab=hot')}`,
    );
    expect(smsLoginPath('/', '')).toBe('/login?tab=phone');
  });
});
