import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|svg|json|html|txt)$/;

/**
 * Writes `.br` and `.gz` next to every built asset worth compressing; the server sends them to browsers that accept
 * them (@fastify/static `preCompressed`). A phone on a slow network downloads about a quarter of the bytes, and the
 * server never compresses on the fly.
 */
export function compressAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'huoke-compress-assets',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    async closeBundle() {
      const dir = join(config.root, config.build.outDir, config.build.assetsDir);
      const names = (await readdir(dir)).filter((n) => COMPRESSIBLE.test(n));
      await Promise.all(
        names.map(async (name) => {
          const bytes = await readFile(join(dir, name));
          if (bytes.length < 1024) return;
          const [b, g] = await Promise.all([
            br(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(join(dir, `${name}.br`), b), writeFile(join(dir, `${name}.gz`), g)]);
        }),
      );
    },
  };
}
