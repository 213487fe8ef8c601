import { SMS_COUNTDOWN_S } from '@huoke/contracts/constants';
import { sessionRoutes } from '@huoke/contracts/routes/session';
import { Button } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { type KeyboardEvent, type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from './call';

export type SmsPurpose = 'login' | 'phone' | 'register';

/**
 * Get-code button: sends POST /maint/common/SendCodeMsg for the phone `getPhone` resolves (it validates
 * the field), then counts down from 60 showing 'Ns', then back to 获取验证码 (SPEC §4).
 */
export function SmsCodeButton({
  getPhone,
  purpose,
  size,
  ref,
}: {
  getPhone: () => Promise<string>;
  purpose: SmsPurpose;
  size?: 'small' | 'middle' | 'large';
  /** The button itself: a form may press it (Enter after the number). */
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const send = async () => {
    let phoneNo: string;
    try {
      phoneNo = await getPhone();
    } catch {
      return;
    }
    setSending(true);
    try {
      await call(sessionRoutes.sendCode, { body: { phoneNo, purpose } });
      setLeft(SMS_COUNTDOWN_S);
    } catch {
      // the request client showed the message
    } finally {
      setSending(false);
    }
  };
  return (
    <Button ref={ref} onClick={send} disabled={left > 0} loading={sending} size={size} style={{ minWidth: 110 }}>
      {left > 0 ? t('common:sms.seconds', { n: left }) : t('common:sms.get')}
    </Button>
  );
}

/**
 * Enter in 手机号 before any code is typed means "send me the code" (a phone keyboard's 前往 too): submitting would
 * mark the empty 验证码 with 请输入验证码 for a code that was never sent. While a code is on its way (the button counts
 * down), Enter moves on to 验证码. `button` goes on the form's SmsCodeButton, `onKeyDown` on the number's input; the
 * code's field is named `code`.
 */
export function useCodeFirstEnter(form: FormInstance) {
  const button = useRef<HTMLButtonElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || form.getFieldValue('code')) return;
    e.preventDefault();
    const b = button.current;
    if (b && !b.disabled) b.click();
    else form.focusField('code');
  };
  return { button, onKeyDown };
}
