import type { TestApp } from './app.js';

/**
 * A session of the person whose phone is `phone`, signed in by SMS code (SendCodeMsg, then PhoneLogin): a proof only
 * the person has, so not held to a password an administrator set (lib/admin-password.ts). The phone's one code a
 * minute is let through (its limit reset first), so a test may sign one person in again.
 */
export async function smsLogin(t: TestApp, phone: string): Promise<string> {
  await t.app.limiter.reset(`sms:phone:${phone}`);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/maint/common/SendCodeMsg',
    payload: { phoneNo: phone, purpose: 'login' },
  });
  if (sent.statusCode !== 200) throw new Error(`sending a login code to ${phone}: ${sent.statusCode} ${sent.body}`);
  const msg = [...t.app.sms.sent].reverse().find((m) => m.phone === phone);
  const code = /(\d{6})/.exec(msg?.text ?? '')?.[1];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/usr/session/PhoneLogin',
    payload: { mobile: phone, code },
  });
  if (res.statusCode !== 200) throw new Error(`signing ${phone} in by SMS code: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}
