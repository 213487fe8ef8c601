import { menusRoutes } from '@huoke/contracts/routes/menus';
import { sessionRoutes } from '@huoke/contracts/routes/session';
import { message } from 'antd';
import { call } from '../../shared/call';
import { DEFAULT_EXTERNAL_APPS, useConfig } from '../../shared/config';
import i18n from '../../shared/i18n';
import { isAdminFlag } from '../../shared/session';
import { externalCode } from '../menus';

/** Staff are sent to their administrator; an administrator (SPEC §6) to customer service, by phone. */
const refusal = () =>
  isAdminFlag()
    ? i18n.t('common:external.noPermissionAdmin', { phone: useConfig.getState().supportPhone })
    : i18n.t('common:external.noPermission');

/**
 * External entries (SPEC §2.2): permission check by code first (nothing opens without it), then an
 * encrypted key, then the configured address opens with `?key=`: in a new page from the sidebar, or `inPlace`
 * (a direct visit to the path, where no click allows a new page) in this one.
 */
export async function openExternal(path: string, { inPlace = false }: { inPlace?: boolean } = {}): Promise<boolean> {
  const code = externalCode(path);
  if (!code) return false;
  const allowed = await call(menusRoutes.appPermission, { params: { code } }, { silent: true })
    .then((r) => r.result)
    .catch(() => false);
  if (!allowed) {
    message.warning(refusal(), 5);
    return false;
  }
  // GetSecretKey takes the app code and answers { key, url: <configured address>?key=… }.
  const { key, url: answered } = await call(sessionRoutes.secretKey, { query: { url: code } });
  const base = useConfig.getState().externalApps[code] || DEFAULT_EXTERNAL_APPS[code];
  const target = answered.includes('key=')
    ? answered
    : `${answered || base}${(answered || base).includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
  if (inPlace) window.location.replace(target);
  else window.open(target, '_blank', 'noopener,noreferrer');
  return true;
}
