import type { ReactNode } from 'react';
import { useConfig } from '../../../shared/config';

/** Frame of the login views: product name and the form (the language switch is the open pages' layout's). */
export function AuthCard({ title, children }: { title?: string; children: ReactNode }) {
  const appName = useConfig((s) => s.appName);
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #e6f0ff 0%, #f7f9fc 100%)',
        padding: 16,
      }}
    >
      <div
        style={{
          width: '100%',
          maxWidth: 400,
          background: '#fff',
          borderRadius: 8,
          boxShadow: '0 6px 24px rgba(0,0,0,0.08)',
          padding: '32px 32px 16px',
        }}
      >
        <h1 style={{ margin: '0 0 16px', fontSize: 24, color: '#1677ff' }}>{appName}</h1>
        {title && <h2 style={{ fontSize: 16, fontWeight: 500, margin: '0 0 16px' }}>{title}</h2>}
        {children}
      </div>
    </div>
  );
}
