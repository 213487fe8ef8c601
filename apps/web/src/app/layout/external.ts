import { message } from 'antd';
import { boolAnswer } from '../../shared/boolAnswer';
import { DEFAULT_EXTERNAL_APPS, useConfig } from '../../shared/config';
import i18n from '../../shared/i18n';
import { get } from '../../shared/request';
import { externalCode } from '../menus';

/**
 * External entries (SPEC §2.2): permission check by code first (nothing opens without it), then an
 * encrypted key, then the configured address opens in a new page with `?key=`.
 */
export async function openExternal(path: string): Promise<boolean> {
  const code = externalCode(path);
  if (!code) return false;
  const allowed = await get<unknown>(`/cus/customersaccount/IsPermissionByAppCode/${code}`, { silent: true })
    .then(boolAnswer)
    .catch(() => false);
  if (!allowed) {
    message.warning(i18n.t('common:external.noPermission'), 5);
    return false;
  }
  // GetSecretKey takes the app code and answers { key, url: <configured address>?key=… }.
  const r = await get<string | { key?: string; url?: string }>(`/usr/session/GetSecretKey?url=${code}`);
  const key = typeof r === 'string' ? r : (r?.key ?? '');
  const answered = typeof r === 'object' ? r?.url : undefined;
  const base = useConfig.getState().externalApps[code] || DEFAULT_EXTERNAL_APPS[code];
  const target = answered?.includes('key=')
    ? answered
    : `${answered || base}${(answered || base).includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
  window.open(target, '_blank', 'noopener,noreferrer');
  return true;
}
