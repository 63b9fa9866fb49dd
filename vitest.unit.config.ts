import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import { TEST_WORKERS, siteVite } from './vite.config.ts';

// The unit tests are one project, 'unit', of two: a DOM costs each test file a jsdom window and the testing
// library's setup, which logic (content, schemas, tooling, the studio's model, the panel's bundle checks)
// never touches. The browser's code (test/client) and the panel's components (.tsx) run in jsdom.
const LOGIC = [
  'test/shared/**/',
  'test/tooling/**/',
  'test/schemas/**/',
  'test/studio/',
  'test/docs/',
  'test/panel/**/',
];
/** The browser's code that is logic alone (no DOM, no fetch): in Node, without a jsdom window each. */
const CLIENT_LOGIC = [
  'test/client/features/statement/missing-fields.test.ts',
  'test/client/features/statement/statement-helpers.test.ts',
  'test/client/features/winners/winners-view.test.ts',
];

export default defineConfig({
  ...siteVite(),
  test: {
    name: 'unit',
    projects: [
      {
        test: {
          name: 'logic',
          environment: 'node',
          // As 'integration' (vite.config.ts): one module cache per worker for its files.
          isolate: false,
          maxWorkers: TEST_WORKERS,
          include: [...LOGIC.map((folder) => `${folder}*.test.ts`), ...CLIENT_LOGIC],
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          maxWorkers: TEST_WORKERS,
          // Its waits are 5 s (test/client/setup.ts): a test of several of them beside the browsers and the checks
          // outlasted Vitest's 5 s default once.
          testTimeout: 15_000,
          include: ['test/client/**/*.test.{ts,tsx}', ...LOGIC.map((folder) => `${folder}*.test.tsx`)],
          exclude: [...configDefaults.exclude, ...CLIENT_LOGIC],
          setupFiles: ['test/client/setup.ts'],
        },
      },
    ],
  },
});
