import { HttpResponse } from 'msw';

/** A server failure as the server answers it (a problem document, 500): the request client toasts it. */
export const serverFailure = () =>
  HttpResponse.json(
    { status: 500, title: '服务器错误' },
    { status: 500, headers: { 'content-type': 'application/problem+json' } },
  );

/** The server's words refusing a login with an administrator-set password another company (to enter, join, accept). */
export const ADMIN_PASSWORD_ELSEWHERE =
  '您的密码由企业管理员设置，不能用于进入或加入其他企业，请使用手机号验证码登录后再试';

/** That refusal as the server answers it: 403 with the code the console offers 使用验证码登录 for. */
export const adminPasswordRefusal = () =>
  HttpResponse.json(
    { status: 403, title: 'Forbidden', detail: ADMIN_PASSWORD_ELSEWHERE, code: 'ADMIN_SET_PASSWORD' },
    { status: 403, headers: { 'content-type': 'application/problem+json' } },
  );

/** The toasts still up that say `text` (jsdom never ends antd's fade: a notice taken away stays, in its leave state). */
export const toastsSaying = (text: string) =>
  [...document.querySelectorAll('.ant-message-notice:not(.ant-message-fade-leave)')].filter((n) =>
    n.textContent?.includes(text),
  );

/**
 * The refusal's words on screen once the console has answered it: in the toasts still up, and beside 使用验证码登录.
 * Call clearMessages() first (a test before may have left its own toast). Waits a moment: a toast on its way counts.
 * `words`: the refusal's, when not ADMIN_PASSWORD_ELSEWHERE (创建企业 is refused in its own).
 */
export async function refusalShown(way: HTMLElement, words = ADMIN_PASSWORD_ELSEWHERE) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const toasts = toastsSaying(words);
  return { toasts: toasts.length, beside: way.closest('.ant-alert')?.textContent?.includes(words) };
}
