/// <reference types="vitest/config" />
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { loadAfterPaint } from './scripts/after-paint-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';

/** The site's plugins and resolution: the build's, and the unit tests' (vitest.unit.config.ts) too. */
export const siteVite = (): Pick<UserConfig, 'plugins' | 'resolve'> => ({
  plugins: [react(), loadAfterPaint(), precompress()],
  resolve: {
    // rjsf's markdown descriptions are never enabled here: keep the renderer out of the statement page.
    alias: {
      'markdown-to-jsx/react': fileURLToPath(new URL('src/client/lib/plain-markdown.tsx', import.meta.url)),
    },
  },
});

/**
 * Test files run at once (every project alike: Vitest requires it of projects run together). Vitest's
 * default on 2 cores is 1 (cores − 1), while most of a file's time is waiting (child processes, sockets,
 * PostgreSQL, browsers); three keep both cores busy when `npm test` runs all projects side by side.
 */
export const TEST_WORKERS = 3;

export default defineConfig({
  ...siteVite(),
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    manifest: true,
    // No preloading helper in the landing page's script (its polyfill and its lists of a lazy module's
    // imports, 400 B gzip): a statement page's modules are named in the page and fetched together by the boot
    // script (src/server/pages/page-html.ts); a lazy module's own CSS is still loaded with it.
    modulePreload: false,
  },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` } },
  test: {
    maxWorkers: TEST_WORKERS,
    projects: [
      // 'unit': logic in Node, components in jsdom (its two projects, named 'unit (…)', run under --project unit).
      'vitest.unit.config.ts',
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          // One module cache per worker for the files it runs (docs/decisions/testing.md#one-module-cache): the
          // server's modules are loaded once a worker, not once a file. Files share no state but the database.
          isolate: false,
          include: [
            'test/server/**/*.test.ts',
            'test/studio/server/**/*.test.ts',
            'test/install/*.test.ts',
            'test/lint/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          // A browser is slower than a poll's default second, above all on the studio's first load. A poll
          // every 200 ms, not 50: each one asks the browser again (a role query walks the page's accessibility
          // names), and most of a poll's time is a wait on the server or the studio's save.
          expect: { poll: { timeout: 10_000, interval: 200 } },
          hookTimeout: 120_000,
          // Each file starts its own server (own port, DATA_DIR and PostgreSQL schema), browser and Xvfb
          // display, and waits on them much of the time: in `npm test` its files run beside the unit tests'.
        },
      },
    ],
  },
});
