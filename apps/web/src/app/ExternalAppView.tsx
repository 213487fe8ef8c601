import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { openExternal } from './layout/external';

/**
 * A direct visit to an external application's path (SPEC §2.2; it answered /404): the sidebar's permission check
 * and key request, then the application opens in this page. Refused (or failed), the refusal is shown and the
 * workbench opens.
 */
export function ExternalAppView({ path }: { path: string }) {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void openExternal(path, { inPlace: true })
      .catch(() => false)
      .then((opened) => {
        if (!opened) navigate('/home', { replace: true });
      });
  }, [path, navigate]);
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}
