import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * The built files of dist/, precompressed at build time (scripts/precompress-plugin.ts writes .br and .gz
 * beside each file) and sent as they are. Vite puts content hashes in asset names: they never change, so
 * browsers may keep them.
 */
export const staticFiles = fp<{ root: string }>(
  async (app, { root }) => {
    await app.register(fastifyStatic, {
      root,
      index: false,
      // One route per built file; every other path falls through to the pages.
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  },
  { name: 'static-files' },
);
