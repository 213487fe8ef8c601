declare module 'virtual:antd-map-token' {
  import type { theme } from 'antd';
  /** antd's default seed token at build time, and what its default algorithm answered for it. */
  export const seed: typeof theme.defaultSeed;
  export const token: ReturnType<typeof theme.defaultAlgorithm>;
}
