import type { AppCode } from '@huoke/contracts';
import { sessionRoutes } from '@huoke/contracts/routes/session';
import { create } from 'zustand';
import { call } from './call';

/** Public console configuration (GET /api/public/config), with defaults while it loads or when absent. */
interface PublicConfig {
  appName: string;
  supportPhone: string;
  /** Address the download-app QR code points to. */
  appDownloadUrl: string;
  /** Base addresses of the external applications, by permission code. */
  externalApps: Partial<Record<AppCode, string>>;
  /** Whether the server takes a video's cover from its frames when none is uploaded (ffmpeg installed). */
  videoFrames: boolean;
}

/** Placeholder addresses until the server's configuration names the real ones. */
export const DEFAULT_EXTERNAL_APPS: Record<AppCode, string> = {
  WJTCRM: 'https://crm.huoke.example/',
  WJTSKB: 'https://crm.huoke.example/clue',
  SVIDEO: 'https://media.huoke.example/',
};

const DEFAULT_CONFIG: PublicConfig = {
  appName: '获客通',
  supportPhone: '400-000-0000',
  appDownloadUrl: `${typeof location === 'undefined' ? '' : location.origin}/app`,
  externalApps: {},
  videoFrames: true,
};

export const useConfig = create<PublicConfig>(() => DEFAULT_CONFIG);

let loading: Promise<void> | null = null;
/** Loads the public configuration once; failures keep the defaults. */
export function loadConfig(): Promise<void> {
  loading ??= call(sessionRoutes.publicConfig, {}, { silent: true })
    .then((d) => {
      useConfig.setState({
        appName: d.appName || DEFAULT_CONFIG.appName,
        supportPhone: d.supportPhone || DEFAULT_CONFIG.supportPhone,
        appDownloadUrl: d.appDownloadUrl || DEFAULT_CONFIG.appDownloadUrl,
        externalApps: { ...DEFAULT_CONFIG.externalApps, ...d.externalApps },
        videoFrames: d.videoFrames,
      });
    })
    .catch(() => undefined);
  return loading;
}
