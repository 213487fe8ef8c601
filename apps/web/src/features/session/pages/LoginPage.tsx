import { Button, Card, Form, Input, message } from 'antd';
import { useNavigate } from 'react-router';
import { request, TOKEN_KEY } from '../../../shared/request';

export function LoginPage() {
  const navigate = useNavigate();
  const onFinish = async (v: { account: string; password: string }) => {
    try {
      const { token } = await request<{ token: string }>('POST', '/usr/session', {
        account: v.account.trim(),
        password: v.password,
      });
      localStorage.setItem(TOKEN_KEY, token);
      navigate('/home');
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Card title="获客通" style={{ maxWidth: 360, margin: '120px auto' }}>
      <Form onFinish={onFinish} layout="vertical">
        <Form.Item name="account" label="账号" rules={[{ required: true, message: '请输入账号' }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          登录
        </Button>
      </Form>
    </Card>
  );
}
