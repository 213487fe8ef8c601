import { HttpResponse, http } from 'msw';
import { server } from './render';

/** Answers 获取验证码 (SendCodeMsg) as the server does; the bodies it was sent, in order. */
export function answerSendCode(): { phoneNo: string; purpose: string }[] {
  const sent: { phoneNo: string; purpose: string }[] = [];
  server.use(
    http.post('/api/maint/common/SendCodeMsg', async ({ request }) => {
      sent.push((await request.json()) as { phoneNo: string; purpose: string });
      return HttpResponse.json({ ok: true, expiresIn: 300, resendIn: 60 });
    }),
  );
  return sent;
}
