import type { ConfigProviderProps, FormInstance } from 'antd';
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
 * The form's values, or null when a field is invalid: the form already shows why under the field. Never rejects
 * for invalid input (an unhandled rejection of antd's error object is an uncaught page error).
 */
export async function validValues<T>(form: FormInstance<T>, names?: Parameters<FormInstance<T>['validateFields']>[0]) {
  try {
    return (await (names ? form.validateFields(names) : form.validateFields())) as T;
  } catch (e) {
    if (isValidationError(e)) return null;
    throw e;
  }
}

/**
 * A form submit handler (a dialog's onOk, a button's onClick) that never leaves a rejection behind: invalid fields
 * are shown by the form, a failed call by the request client; anything else gets a message here.
 */
export function submitHandler<A extends unknown[]>(
  fn: (...args: A) => Promise<unknown>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (e) {
      if (isValidationError(e) || e instanceof RequestError) return;
      console.error(e);
      message.error(e instanceof Error && e.message ? e.message : String(e), 5);
    }
  };
}
