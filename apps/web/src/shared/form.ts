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

type FieldName<V> = Parameters<FormInstance<V>['focusField']>[0];

/** The field of each form whose refusal stands under it, until that field changes or the form is sent again. */
const refusedField = new WeakMap<object, string>();

/**
 * A refused call that names a field of this form (the problem answer's `field`, SPEC §8): its words go under that
 * field as well, without the field's name before them, and the field takes the focus; the request client has shown
 * them once at the top. A field the form does not have (a call's own parameter) is left to that message.
 */
function markRefusedField<V>(form: FormInstance<V>, e: unknown, fieldOf?: Record<string, string>): void {
  const refusal = fieldRefusal(e);
  if (!refusal) return;
  const field = fieldOf?.[refusal.field] ?? refusal.field;
  if (!Object.hasOwn(form.getFieldsValue() ?? {}, field)) return;
  const { words } = refusal;
  const name = field as FieldName<V>;
  form.setFields([{ name, errors: [words] }]);
  form.focusField(name);
  refusedField.set(form, field);
}

/**
 * The field a refused call names (the problem answer's `field`, SPEC §8) and its words without the field's name
 * before them; null for any other failure.
 */
export function fieldRefusal(e: unknown): { field: string; words: string } | null {
  if (!(e instanceof RequestError)) return null;
  const named = (e.data as { field?: unknown } | undefined)?.field;
  if (typeof named !== 'string' || !named) return null;
  const prefix = `${named}:`;
  return { field: named, words: e.message.startsWith(prefix) ? e.message.slice(prefix.length).trim() : e.message };
}

/** Takes a standing refusal from under its field (the form goes again, or the field changed). */
function clearRefusal<V>(form: FormInstance<V>): void {
  const field = refusedField.get(form);
  if (field === undefined) return;
  refusedField.delete(form);
  form.setFields([{ name: field as FieldName<V>, errors: [] }]);
}

/** A form's `onValuesChange`: a refusal under a field goes once that field changes. */
export const refusalGoesOnChange =
  <V>(form: FormInstance<V>) =>
  (changed: Partial<V>): void => {
    const field = refusedField.get(form);
    if (field !== undefined && Object.hasOwn(changed, field)) clearRefusal(form);
  };

/**
 * Sends a form's checked values (`send`): the refusal standing from the last send goes, and a new one naming a field
 * stands under it (markRefusedField). Rejects as `send` does. Every form that shows refusals under their fields sends
 * through this: FormDialog, formSaves, 创建企业/加入企业.
 */
export function sendChecked<V>(
  form: FormInstance<V>,
  send: () => Promise<unknown>,
  /** Server field → form field, where the call's body is not the form's shape (a JSON inside a field). */
  fieldOf?: Record<string, string>,
): Promise<unknown> {
  clearRefusal(form);
  return send().catch((e: unknown) => {
    markRefusedField(form, e, fieldOf);
    throw e;
  });
}

/**
 * A page form's submit and change handlers (spread on the `<Form>`): `send` gets the checked values; a refusal
 * naming a field stands under it (markRefusedField) until the field changes or the form goes again; any failure is
 * said once (reportFailure).
 */
export function formSaves<V>(form: FormInstance<V>, send: (values: V) => Promise<unknown>) {
  return {
    onFinish: (values: V) => {
      sendChecked(form, () => send(values)).catch(reportFailure);
    },
    onValuesChange: refusalGoesOnChange(form),
  };
}

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
