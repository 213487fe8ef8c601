import type { AppCode } from '@huoke/contracts';
import { message } from 'antd';
import { DEFAULT_EXTERNAL_APPS, useConfig } from '../../shared/config';
import i18n from '../../shared/i18n';
import { get } from '../../shared/request';
import { externalCode } from '../menus';

/** The `url` value GetSecretKey takes for each external application. */
const KEY_TARGET: Record<AppCode, string> = { WJTCRM: 'CRM', WJTSKB: 'CLUE', SVIDEO: 'MEDIA' };

const truthy = (r: unknown) =>
  typeof r === 'object' && r !== null ? Boolean((r as { data?: unknown }).data) : Boolean(r);

/**
 * External entries (SPEC §2.2): permission check by code first (nothing opens without it), then an
 * encrypted key, then the configured address opens in a new page with `?key=`.
 */
export async function openExternal(path: string): Promise<boolean> {
  const code = externalCode(path);
  if (!code) return false;
  const allowed = await get<unknown>(`/cus/customersaccount/IsPermissionByAppCode/${code}`, { silent: true })
    .then(truthy)
    .catch(() => false);
  if (!allowed) {
    message.warning(i18n.t('common:external.noPermission'), 5);
    return false;
  }
  const r = await get<string | { key?: string; data?: string; url?: string }>(
    `/usr/session/GetSecretKey?url=${KEY_TARGET[code]}`,
  );
  const key = typeof r === 'string' ? r : (r?.key ?? r?.data ?? '');
  const base =
    (typeof r === 'object' && r?.url) || useConfig.getState().externalApps[code] || DEFAULT_EXTERNAL_APPS[code];
  const target = `${base}${base.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
  window.open(target, '_blank', 'noopener,noreferrer');
  return true;
}
