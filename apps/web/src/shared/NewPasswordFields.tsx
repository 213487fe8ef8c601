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
export function NewPasswordFields({ texts, maxLength }: { texts: NewPasswordTexts; maxLength?: number }) {
  return (
    <>
      <Form.Item
        name="password"
        label={texts.password}
        rules={[
          { required: true, message: texts.required },
          { pattern: PASSWORD_RE, message: texts.rule },
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
