/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { siteVite } from './vite.config.ts';

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

export default defineConfig({
  ...siteVite(),
  test: {
    name: 'unit',
    projects: [
      {
        test: {
          name: 'logic',
          environment: 'node',
          include: LOGIC.map((folder) => `${folder}*.test.ts`),
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/client/**/*.test.{ts,tsx}', ...LOGIC.map((folder) => `${folder}*.test.tsx`)],
          setupFiles: ['test/client/setup.ts'],
        },
      },
    ],
  },
});
