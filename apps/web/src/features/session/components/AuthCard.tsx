import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config';
import { type Language, setLanguage } from '../../../shared/i18n';

/** Frame of the login views: product name, the form, a language switch. */
export function AuthCard({ title, children }: { title?: string; children: ReactNode }) {
  const appName = useConfig((s) => s.appName);
  const { i18n } = useTranslation();
  const other: Language = i18n.language === 'en' ? 'zh-CN' : 'en';
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
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', marginBottom: 16 }}>
          <h1 style={{ margin: 0, fontSize: 24, color: '#1677ff' }}>{appName}</h1>
          <button
            type="button"
            onClick={() => void setLanguage(other)}
            style={{ border: 0, background: 'none', color: '#1677ff', cursor: 'pointer' }}
          >
            {other === 'en' ? 'English' : '简体中文'}
          </button>
        </div>
        {title && <h2 style={{ fontSize: 16, fontWeight: 500, margin: '0 0 16px' }}>{title}</h2>}
        {children}
      </div>
    </div>
  );
}
