import { PASSWORD_RE } from '@huoke/contracts/constants';
import Form from 'antd/es/form';
import Input from 'antd/es/input';

interface NewPasswordTexts {
  password: string;
  required: string;
  rule: string;
  confirm: string;
  confirmRequired: string;
  mismatch: string;
}

/**
 * A new password and its confirmation (fields `password` and `rePassword`): required, letters, digits and
 * underscores of 6–16 (PASSWORD_RE), and the two the same. Each form passes its own words.
 */
export function NewPasswordFields({
  texts,
  maxLength,
  differentFrom,
}: {
  texts: NewPasswordTexts;
  maxLength?: number;
  /** A field the new password must differ from (修改密码's 原密码), and the words when it does not. */
  differentFrom?: { field: string; message: string };
}) {
  return (
    <>
      <Form.Item
        name="password"
        label={texts.password}
        rules={[
          { required: true, message: texts.required },
          { pattern: PASSWORD_RE, message: texts.rule },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              !differentFrom || !v || v !== getFieldValue(differentFrom.field)
                ? Promise.resolve()
                : Promise.reject(new Error(differentFrom.message)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={maxLength} />
      </Form.Item>
      <Form.Item
        name="rePassword"
        label={texts.confirm}
        dependencies={['password']}
        rules={[
          { required: true, message: texts.confirmRequired },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(texts.mismatch)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={maxLength} />
      </Form.Item>
    </>
  );
}
