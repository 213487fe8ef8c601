import { describe, expect, it } from 'vitest';
import { failedChunkUrl } from './chunkReload';

describe('failedChunkUrl', () => {
  it('names the script of a failed dynamic import', () => {
    const e = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/Home-abc123.js');
    expect(failedChunkUrl(e)).toBe('http://127.0.0.1:3000/assets/Home-abc123.js');
  });
  it("names a view's stylesheet that could not be preloaded", () => {
    expect(failedChunkUrl(new Error('Unable to preload CSS for /assets/Home-abc123.css'))).toBe(
      '/assets/Home-abc123.css',
    );
  });
  it('names nothing for a module graph that cannot link (the console address is probed instead)', () => {
    expect(failedChunkUrl(new SyntaxError("The requested module './x.js' does not provide an export named 'y'"))).toBe(
      undefined,
    );
  });
});
