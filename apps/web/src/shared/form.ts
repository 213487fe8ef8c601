import type { ConfigProviderProps } from 'antd';
import { message } from 'antd';
import { RequestError } from './request';

/**
 * Every form's behaviour on a refused submit (the app's ConfigProvider): the first wrong field is scrolled to the
 * middle of the screen and takes the focus. The article editor's 保存 sits below a 600 px editor, so its 请输入标题
 * was out of sight and the click seemed to do nothing.
 */
export const FORM_CONFIG: ConfigProviderProps['form'] = { scrollToFirstError: { block: 'center', focus: true } };

/** antd's `validateFields` rejects with `{ errorFields, values, … }` (no Error) when a field is invalid. */
const isValidationError = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && Array.isArray((e as { errorFields?: unknown }).errorFields);

/**
 * A failed action's message, once: a failed call was already shown by the request client (SPEC §8), invalid fields
 * by their form; anything else (a fault in the console itself) is shown here. For a mutation's `onError` and the like.
 */
export function reportFailure(e: unknown): void {
  if (isValidationError(e) || e instanceof RequestError) return;
  console.error(e);
  message.error(e instanceof Error && e.message ? e.message : String(e), 5);
}

/**
 * A form submit handler (a dialog's onOk, a button's onClick) that never leaves a rejection behind: see
 * `reportFailure`.
 */
export function submitHandler<A extends unknown[]>(
  fn: (...args: A) => Promise<unknown>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (e) {
      reportFailure(e);
    }
  };
}
