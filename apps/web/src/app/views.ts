import { CHUNK_LOAD_TIMEOUT_MS } from '@huoke/contracts/constants';
import type { ComponentType } from 'react';

type ViewModule = { default: ComponentType };
type ViewLoader = () => Promise<ViewModule>;
/** The i18n key of a view's title for the address's query. */
type ViewTitle = (query: URLSearchParams) => string;

/**
 * The whitelist of views: every feature's `views.ts` maps component names (those the server menu
 * sends, and the fixed routes') to lazy page modules. The shell never imports a path the server sends.
 * A feature may also name a view by its query (`titles`), where the menu's one name does not fit every address.
 */
const modules = import.meta.glob<{ views: Record<string, ViewLoader>; titles?: Record<string, ViewTitle> }>(
  '../features/*/views.ts',
  { eager: true },
);
const VIEWS: Record<string, ViewLoader> = Object.assign({}, ...Object.values(modules).map((m) => m.views ?? {}));
const TITLES: Record<string, ViewTitle> = Object.assign({}, ...Object.values(modules).map((m) => m.titles ?? {}));

/** The i18n key of the title its feature gives a view at this query, if it gives one (else the menu's title). */
export function viewTitle(name: string, query: URLSearchParams): string | undefined {
  return Object.hasOwn(TITLES, name) ? TITLES[name](query) : undefined;
}

/** Error name and code of a failed script or style chunk (SPEC §8). */
const CHUNK_ERROR = 'ChunkLoadError';
const CSS_CHUNK_ERROR = 'CSS_CHUNK_LOAD_FAILED';

/** A chunk import that gives up after 120 s with a ChunkLoadError. */
export function withChunkTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error(`Loading chunk timed out after ${ms} ms`), { name: CHUNK_ERROR })),
      ms,
    );
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export function isChunkError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const err = e as { name?: string; code?: string; message?: string };
  if (err.name === CHUNK_ERROR || err.code === CSS_CHUNK_ERROR) return true;
  // After a deploy an old chunk may import a name a new one no longer exports (or the reverse): the module graph
  // fails to link with a SyntaxError. It is the same stale-files failure and a reload cures it the same way.
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk .* failed|does not provide an export named|Failed to load module script/i.test(
    err.message ?? '',
  );
}

const placeholder: ViewLoader = () => import('./Placeholder');

/**
 * shared/i18n's `catalogsReady`, reached when a page loads (the start-up has loaded the module by then): the views'
 * names and titles stay usable without the i18n instance, which reads the document's cookie as it starts.
 */
const catalogsReady = () => import('../shared/i18n').then((i18n) => i18n.catalogsReady());

/**
 * A page's module, resolved once every translation catalog is in too (both load side by side): outside the first
 * screen (login, register, error pages) a page may use any area's strings, and must never render their keys.
 */
export const withCatalogs =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), catalogsReady()]).then(([m]) => m);

/** The loader of a named view, or the 建设中 placeholder when no feature provides it yet. */
export function viewLoader(name: string): ViewLoader {
  const load = withCatalogs(VIEWS[name] ?? placeholder);
  return () =>
    withChunkTimeout(load).catch((e: unknown) => {
      // Vite reports a failed style chunk as a preload error: give it the SPEC's code.
      if (e instanceof Error && /Unable to preload CSS/i.test(e.message)) Object.assign(e, { code: CSS_CHUNK_ERROR });
      throw e;
    });
}

/** Route `lazy` for a named view. */
export const lazyView = (name: string) => async () => ({ Component: (await viewLoader(name)()).default });
