import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * 没有账号？立即注册 / 已有账号？去登录 under the form, in the link colour. The page-wide `a` rule takes its colour from
 * a variable antd defines on its own components, and no antd component holds this link: it read as plain black text.
 */
export function AuthSwitchLink({ to, children }: { to: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ textAlign: 'right', margin: '12px 0' }}>
      <Link to={to} style={{ color: token.colorLink }}>
        {children}
      </Link>
    </div>
  );
}
