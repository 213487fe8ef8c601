import type { Plugin } from 'vite';

const MAP_TOKEN = 'virtual:antd-map-token';
const BOOT_CSS = 'virtual:antd-boot.css';

/**
 * The antd components the console shows before any other view: the start-up spinner, the login form (the phone
 * tab's compact code field too) and its messages. Their styles are a seventh of antd's stylesheet; the whole
 * stylesheet comes with every other view (src/app/consoleStyles.ts).
 */
export const BOOT_COMPONENTS = ['Spin', 'Form', 'Row', 'Input', 'Button', 'Space', 'message'];

/**
 * Two things antd would otherwise work out in the browser on the first render, computed once at build time:
 * - the design token: thirteen ten-step colour palettes and the sizes, from the seed token: tens of milliseconds
 *   of a phone's main thread for a result that never changes (src/app/theme.ts hands it to antd; its test checks
 *   it equals the algorithm's answer);
 * - the stylesheet of the boot components, extracted the way antd builds its own dist/antd.css (the same rules,
 *   in the same order), so the login page parses 130 KB of CSS instead of a megabyte.
 */
export function antdPrebuilt(): Plugin {
  return {
    name: 'huoke-antd-prebuilt',
    resolveId(id) {
      return id === MAP_TOKEN || id === BOOT_CSS ? `\0${id}` : null;
    },
    async load(id) {
      if (id === `\0${MAP_TOKEN}`) {
        const { theme } = await import('antd');
        const seed = theme.defaultSeed;
        return `export const seed = ${JSON.stringify(seed)};\nexport const token = ${JSON.stringify(theme.defaultAlgorithm(seed))};`;
      }
      if (id === `\0${BOOT_CSS}`) return bootStylesheet();
      return null;
    },
  };
}

async function bootStylesheet(): Promise<string> {
  const [{ extractStyle }, { createElement }, { ConfigProvider }] = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('react'),
    import('antd'),
  ]);
  // hashed: false gives the selectors of dist/antd.css, which zero-runtime components match.
  return extractStyle({
    includes: BOOT_COMPONENTS,
    customTheme: (node) => createElement(ConfigProvider, { theme: { hashed: false } }, node),
  });
}
