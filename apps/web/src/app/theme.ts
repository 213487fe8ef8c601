import { seed as BUILT_SEED, token as BUILT_TOKEN } from 'virtual:antd-map-token';
import { type ThemeConfig, theme } from 'antd';

type Algorithm = Extract<NonNullable<ThemeConfig['algorithm']>, (...args: never[]) => unknown>;

/** Seed values that do not enter the derived token: the algorithm only copies them. */
const COPIED = new Set(['motion']);

/**
 * antd's default algorithm, answered from the token the build computed (build/antd-prebuilt.ts) when the seed is the
 * one it was computed for: the palettes are not generated again in the browser. Any other seed goes to antd.
 */
export const prebuiltAlgorithm: Algorithm = (seed) => {
  const built = BUILT_SEED as unknown as Record<string, unknown>;
  const given = seed as unknown as Record<string, unknown>;
  const same = Object.keys(given).every((k) => COPIED.has(k) || Object.is(given[k], built[k]));
  if (!same) return theme.defaultAlgorithm(seed);
  const token: Record<string, unknown> = { ...BUILT_TOKEN };
  for (const k of COPIED) if (k in given) token[k] = given[k];
  return token as unknown as typeof BUILT_TOKEN;
};

// antd's styles come from its prebuilt stylesheet (imported in main.tsx): no style is computed in the browser.
// A reader who asked the system for less motion gets dialogs, menus and messages without animation.
const REDUCED_MOTION =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export const THEME: ThemeConfig = {
  zeroRuntime: true,
  algorithm: prebuiltAlgorithm,
  ...(REDUCED_MOTION ? { token: { motion: false } } : {}),
};
