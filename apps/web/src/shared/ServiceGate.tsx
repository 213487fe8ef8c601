import { menusRoutes } from '@huoke/contracts/routes/menus';
import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { call } from './call';
import { useConfig } from './config';
import type { ServiceType } from './gatedViews';
import i18n from './i18n';
import { isAdminFlag } from './session';

export type { ServiceType } from './gatedViews';

const fetchServiceAllowed = (type: ServiceType) =>
  call(menusRoutes.serviceAuthorization, { query: { code: String(type) } }, { silent: true })
    .then((r) => r.result)
    .catch(() => false);

/** The 温馨提示 dialog with 知道了: staff text, or the admin text with the support phone. */
function showServiceDenied(onOk?: () => void) {
  const phone = useConfig.getState().supportPhone;
  Modal.warning({
    title: i18n.t('common:serviceGate.title'),
    content: isAdminFlag() ? i18n.t('common:serviceGate.admin', { phone }) : i18n.t('common:serviceGate.staff'),
    okText: i18n.t('common:serviceGate.ok'),
    onOk,
  });
}

/** `guard(type, action)` runs the action only when the company's package holds the service. */
export function useServiceGate() {
  return useCallback(async (type: ServiceType, action?: () => void): Promise<boolean> => {
    const ok = await fetchServiceAllowed(type);
    if (ok) action?.();
    else showServiceDenied();
    return ok;
  }, []);
}

/**
 * Renders children only when the service is granted; otherwise the 温馨提示 dialog (once, `onDeniedOk` after 知道了)
 * and `fallback`.
 */
export function ServiceGate({
  type,
  children,
  fallback = null,
  onDeniedOk,
}: {
  type: ServiceType;
  children: ReactNode;
  fallback?: ReactNode;
  onDeniedOk?: () => void;
}) {
  const { data, isPending } = useQuery({ queryKey: ['serviceGate', type], queryFn: () => fetchServiceAllowed(type) });
  const shown = useRef(false);
  const afterOk = useRef(onDeniedOk);
  afterOk.current = onDeniedOk;
  useEffect(() => {
    if (data === false && !shown.current) {
      shown.current = true;
      showServiceDenied(() => afterOk.current?.());
    }
  }, [data]);
  if (isPending) return null;
  return data ? children : fallback;
}
