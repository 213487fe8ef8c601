import { Form, type FormInstance, type FormProps, Modal, type ModalProps } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDiscard } from './confirm';
import { refusalGoesOnChange, sendChecked, submitHandler } from './form';

interface FormDialogProps<V> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  /**
   * Runs with the checked values (never for invalid ones: the form shows why under the field and takes the focus).
   * OK spins until it settles and a second submit meanwhile is ignored; a failed call was shown by the request
   * client and the dialog stays open with what was typed, the refusal also under the field it names.
   */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** Defaults: 确定 / 取消. */
  okText?: ReactNode;
  cancelText?: ReactNode;
  /** OK spins for this too (work the dialog starts elsewhere, such as an upload's progress). */
  busy?: boolean;
  width?: ModalProps['width'];
  /** The form's own props beside its instance and submit (layout, name, initial values, …). */
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish' | 'onValuesChange' | 'children'>;
  /** Below the form, inside the dialog (a picker the form opens, a progress bar). */
  after?: ReactNode;
  /**
   * Opt-in: Esc, × and 取消 ask 放弃未保存的修改？ before closing when something was changed (a field of the form was
   * touched, or `changed`: what the dialog holds outside its form), with `text` naming what would be lost. Without it
   * the dialog closes at once, as before.
   */
  askBeforeDiscard?: { text: string; changed?: boolean };
  /** A refusal's field as the server names it → the form's field it stands under (see sendChecked). */
  refusalFields?: Record<string, string>;
  /**
   * Opt-in: the cursor starts in the first field written in, past a radio group before it (a type toggle whose
   * default suits most uses, above the title to write). Without it a radio group that comes first takes it.
   */
  startInText?: boolean;
  children: ReactNode;
}

/**
 * A form's submit run once at a time (a second Enter or click while the first call is under way is ignored), through
 * `submitHandler`: a failed call was shown by the request client. `running` is for the OK button's spinner.
 */
export function useSingleSubmit() {
  const [running, setRunning] = useState(false);
  const inFlight = useRef(false);
  const run = async (send: () => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRunning(true);
    try {
      await submitHandler(send)();
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  };
  return { running, run };
}

/**
 * Inside a form: Enter in a single-line field submits it (the browser's implicit submission needs a submit button
 * when a form has more than one field; this one is never seen or tabbed to).
 */
export const EnterSubmits = () => <button type="submit" hidden tabIndex={-1} aria-hidden="true" />;

/** A field written in (not a choice, not a read-only box). */
export const FIRST_FIELD =
  'input:is([type=text], [type=tel], [type=password], [type=email], :not([type])):not([readonly], [disabled]), textarea:not([readonly], [disabled])';

const CHOICE = 'input[type=radio]:not([disabled])';

/**
 * Where a form dialog's cursor starts: its first field written in or radio group, whichever comes first. In a radio
 * group it is the chosen option, else the first that may be chosen, as Tab would reach it; Enter there submits too.
 * (A dialog whose first field was a choice opened on no field, and Enter did not submit it.) With `textOnly`, the
 * first field written in, whatever comes before it.
 */
export function firstField(box: HTMLElement, textOnly = false): HTMLElement | null {
  const first = box.querySelector<HTMLInputElement>(textOnly ? FIRST_FIELD : `${FIRST_FIELD}, ${CHOICE}`);
  if (first?.type !== 'radio') return first;
  return first.closest('[role=radiogroup]')?.querySelector<HTMLInputElement>(`${CHOICE}:checked`) ?? first;
}

/**
 * A dialog holding one form: the one primitive of the console for it. It opens with the cursor in its first field
 * (firstField). OK submits the form, and so does Enter in any single-line field or on a radio, as on a page's form: the browser's own
 * implicit submission through a hidden submit button, which waits for an input method to finish, so Enter that
 * confirms pinyin never submits; a text area keeps Enter for its new line. The form leaves with the dialog (its values
 * do not come back when it opens again).
 */
export function FormDialog<V>({
  open,
  title,
  form,
  onSubmit,
  onClose,
  okText,
  cancelText,
  busy = false,
  width,
  formProps,
  after,
  askBeforeDiscard,
  refusalFields,
  startInText = false,
  children,
}: FormDialogProps<V>) {
  const { t } = useTranslation('common');
  const { running, run } = useSingleSubmit();
  const box = useRef<HTMLDivElement>(null);
  const asking = useRef(false);
  // A second Esc while the question is up answers it (its own dialog has the focus), never asks twice.
  const close = async () => {
    if (asking.current) return;
    const changed = askBeforeDiscard && (askBeforeDiscard.changed || form.isFieldsTouched());
    if (!changed) return onClose();
    asking.current = true;
    try {
      if (await confirmDiscard(askBeforeDiscard.text)) onClose();
    } finally {
      asking.current = false;
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => void close()}
      onOk={() => form.submit()}
      okText={okText ?? t('ok')}
      cancelText={cancelText ?? t('cancel')}
      confirmLoading={running || busy}
      width={width}
      destroyOnHidden
      afterOpenChange={(shown) => {
        if (shown && box.current) firstField(box.current, startInText)?.focus();
      }}
    >
      <div ref={box}>
        <Form<V>
          preserve={false}
          {...formProps}
          form={form}
          onValuesChange={refusalGoesOnChange(form)}
          onFinish={(v) => void run(() => sendChecked(form, () => onSubmit(v), refusalFields))}
        >
          {children}
          <EnterSubmits />
        </Form>
      </div>
      {after}
    </Modal>
  );
}
