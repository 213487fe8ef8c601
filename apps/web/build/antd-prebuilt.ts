import { transform } from 'lightningcss';
import type { Plugin } from 'vite';
import { type AntdStyles, extractAntdStyles, styleGroupsOf } from './antd-styles.ts';

const MAP_TOKEN = 'virtual:antd-map-token';
const GROUP_CSS = 'virtual:antd-style/';
/** antd's own modules (ESM build): each style module gets its component's stylesheet. */
const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/].+\.js$/;

/**
 * What antd would otherwise work out in the browser, computed once at build time:
 * - the design token: thirteen ten-step colour palettes and the sizes, from the seed token: tens of milliseconds of a
 *   phone's main thread for a result that never changes (src/app/theme.ts hands it to antd; its test checks it equals
 *   the algorithm's answer);
 * - the stylesheets, extracted the way antd builds its own dist/antd.css (the same rules) but cut by component
 *   (build/antd-styles.ts):
 *   - inline in index.html's <head>: the shared rules and the login page's components (parsed with the page, no
 *     request of their own, never part of a chunk);
 *   - every other component's rules are imported by antd's own style module of that component, so they land in the
 *     CSS chunk of the views that use it, and a view loads the rules of its own components only (before: antd's whole
 *     982 KB stylesheet for any view but the login page).
 * The dev server pre-bundles antd without plugins: there main.tsx loads antd's whole stylesheet instead.
 */
export function antdPrebuilt(): Plugin {
  let styles: Promise<AntdStyles> | undefined;
  const extracted = () => {
    styles ??= extractAntdStyles();
    return styles;
  };
  let dev = false;
  return {
    name: 'huoke-antd-prebuilt',
    configResolved(config) {
      dev = config.command === 'serve';
    },
    resolveId(id) {
      return id === MAP_TOKEN || id.startsWith(GROUP_CSS) ? `\0${id}` : null;
    },
    async load(id) {
      if (id === `\0${MAP_TOKEN}`) {
        const { theme } = await import('antd');
        const seed = theme.defaultSeed;
        return `export const seed = ${JSON.stringify(seed)};\nexport const token = ${JSON.stringify(theme.defaultAlgorithm(seed))};`;
      }
      if (id.startsWith(`\0${GROUP_CSS}`)) {
        const group = id.slice(GROUP_CSS.length + 1, -'.css'.length);
        return (await extracted()).groups.get(group) ?? '';
      }
      return null;
    },
    async transformIndexHtml(html) {
      if (dev) return html;
      const css = minifyCss((await extracted()).boot).replaceAll('</', '<\\/');
      return html.replace('</head>', `  <style>${css}</style>\n  </head>`);
    },
    async transform(code, id) {
      if (dev || !ANTD_MODULE.test(id)) return null;
      const names = styleGroupsOf(code);
      if (!names.length) return null;
      const { groups, bootGroups } = await extracted();
      const imports = names
        .filter((n) => groups.has(n) && !bootGroups.has(n))
        .map((n) => `import ${JSON.stringify(`${GROUP_CSS}${n}.css`)};\n`);
      return imports.length ? { code: imports.join('') + code, map: null } : null;
    },
  };
}

/**
 * The browsers of vite.config.ts's build target (es2022, as Vite maps it for the other stylesheets): without them
 * lightningcss writes the newest syntax, e.g. media ranges `(width<=575px)` that Chrome before 104 ignores.
 */
const ES2022_BROWSERS = {
  chrome: 94 << 16,
  edge: 94 << 16,
  safari: (16 << 16) | (4 << 8),
  ios_saf: (16 << 16) | (4 << 8),
  firefox: 93 << 16,
  opera: 80 << 16,
};

/** Minifies the inline stylesheet as Vite minifies the others. */
export function minifyCss(css: string): string {
  const { code } = transform({
    filename: 'antd-boot.css',
    code: new TextEncoder().encode(css),
    minify: true,
    targets: ES2022_BROWSERS,
  });
  return new TextDecoder().decode(code);
}
