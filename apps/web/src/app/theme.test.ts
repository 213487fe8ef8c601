import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { prebuiltAlgorithm } from './theme';

describe('the prebuilt antd token', () => {
  it('is what antd’s default algorithm answers for the default seed', () => {
    expect(prebuiltAlgorithm(theme.defaultSeed)).toEqual(theme.defaultAlgorithm(theme.defaultSeed));
  });

  it('keeps the seed’s own values: no motion for a reader who asked for less', () => {
    const seed = { ...theme.defaultSeed, motion: false };
    const token = prebuiltAlgorithm(seed);
    expect(token.motion).toBe(false);
    expect(token).toEqual(theme.defaultAlgorithm(seed));
  });
});

describe('another seed', () => {
  it('goes to antd’s algorithm', () => {
    const seed = { ...theme.defaultSeed, colorPrimary: '#fa541c' };
    expect(prebuiltAlgorithm(seed)).toEqual(theme.defaultAlgorithm(seed));
    expect(prebuiltAlgorithm(seed).colorPrimaryHover).not.toBe(
      theme.defaultAlgorithm(theme.defaultSeed).colorPrimaryHover,
    );
  });
});
