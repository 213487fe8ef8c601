/**
 * antd's stylesheet, cut by component at build time. antd registers each component's rules in its CSS-in-JS cache
 * under keys that name the component (`style%%Table-Table%…`); rendering every component once, as antd does to build
 * dist/antd.css, fills the cache, and the entries are then written out per component instead of as one sheet.
 *
 * Only the rules: in zero-runtime mode antd still writes the design token's CSS variables in the browser (`token%` and
 * `cssVar%` entries, under a class named by React's client-side id, `.css-var-_r_0_`); dist/antd.css carries them
 * under the server-side id (`.css-var-_R_0_`), which no element has: 12 KB per theme and 2–3 KB per component, never
 * matched.
 */

/** The antd components the login page shows before any other view (its form, the start-up spinner, messages). */
export const BOOT_COMPONENTS = ['Spin', 'Form', 'Row', 'Input', 'Button', 'Space', 'message'];

/** Rules every component relies on: the shared reset and the icons' base rules. */
export const BASE_GROUP = 'base';

export interface AntdStyles {
  /** The shared rules and the boot components' rules (inlined in index.html). */
  boot: string;
  /** Groups the boot stylesheet already holds. */
  bootGroups: Set<string>;
  /** Every component group (`Table`, `Input`, `Wave`, …) and its rules. */
  groups: Map<string, string>;
}

/** A cache entry of rules (not of CSS variables). */
const isRules = (key: string) => key.startsWith('style%');

/** The component group of a rules entry: `style%%Input-Search%…` and `style%%Input-OTP%…` are both `Input`. */
export function groupOfKey(key: string): string {
  const path = key.split('%')[2] ?? '';
  if (!path || path === 'Shared' || path === 'ant-design-icons') return BASE_GROUP;
  return path.split('-')[0];
}

const STYLE_HOOK = /gen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*(?:\[\s*)?['"]([A-Za-z]+)['"]/g;

/** The component groups an antd module registers styles for (`genStyleHooks('Button', …)` → Button). */
export function styleGroupsOf(code: string): string[] {
  return [...new Set([...code.matchAll(STYLE_HOOK)].map((m) => m[1]))];
}

/** cssinjs appends a rule mapping cache paths to hashes (for server rendering); a static sheet has no use for it. */
const CACHE_MAP_RULE = /\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}/g;

export async function extractAntdStyles(): Promise<AntdStyles> {
  const [{ extractStyle: renderAll }, cssinjs, { createElement }, { ConfigProvider }] = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('@ant-design/cssinjs'),
    import('react'),
    import('antd'),
  ]);
  type Cache = ReturnType<typeof cssinjs.createCache>;
  /** Renders antd's components (all, or those named) into a cache of our own. */
  const render = (includes?: string[]) => {
    const cache = cssinjs.createCache();
    renderAll({
      ...(includes ? { includes } : {}),
      // hashed: false gives the selectors of dist/antd.css, which zero-runtime components match.
      customTheme: (node) =>
        createElement(
          cssinjs.StyleProvider,
          { cache },
          createElement(ConfigProvider, { theme: { hashed: false } }, node),
        ),
    });
    return cache;
  };
  /** The rules of the named entries, in antd's own order. */
  const sheet = (from: Cache, keys: string[]) => {
    const part = cssinjs.createCache();
    for (const k of keys) {
      part.cache.set(k, from.cache.get(k) as [number, unknown]);
      part.updateTimes.set(k, from.updateTimes.get(k) ?? 0);
    }
    return cssinjs.extractStyle(part, { plain: true }).replace(CACHE_MAP_RULE, '');
  };

  const all = render();
  const byGroup = new Map<string, string[]>();
  for (const key of all.cache.keys()) {
    if (!isRules(key)) continue;
    const g = groupOfKey(key);
    byGroup.set(g, [...(byGroup.get(g) ?? []), key]);
  }
  const groups = new Map([...byGroup].map(([g, keys]) => [g, sheet(all, keys)] as const).filter(([, css]) => css));

  // A group goes inline when rendering the boot components registers every rule it has (Grid does not: the login
  // form registers its rows, not its 66 KB of columns, which come with the views' chunks).
  const boot = render(BOOT_COMPONENTS);
  const bootKeys = new Set([...boot.cache.keys()].filter(isRules));
  const bootGroups = new Set([...byGroup].filter(([, keys]) => keys.every((k) => bootKeys.has(k))).map(([g]) => g));
  bootGroups.add(BASE_GROUP);
  const bootSheetKeys = [...all.cache.keys()].filter((k) => isRules(k) && bootGroups.has(groupOfKey(k)));
  return { boot: sheet(all, bootSheetKeys), bootGroups, groups };
}
