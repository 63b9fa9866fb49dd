import fs from 'node:fs';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const features = fs.readdirSync('src/client/features');

// ARCHITECTURE.md boundaries; each message says how to fix the import. The patterns are gitignore-style, where
// a leading # starts a comment: the package.json import aliases (#server/…) are written \\#server/….
const noServer = {
  group: ['**/server/**', '\\#server/*'],
  message: 'The browser must not import server code: move shared logic to src/shared.',
};
const noBrowser = {
  group: ['**/client/**', '**/widgets/**', '\\#client/*', '\\#widgets/*'],
  message: 'The server must not import browser code: move shared logic to src/shared.',
};
const noSql = {
  group: ['kysely', 'pg', 'better-sqlite3'],
  message: 'SQL lives only in src/server/db: add a function there and call it.',
};
const noStudio = {
  group: ['**/studio/**', '\\#studio/*'],
  message: 'The form studio is a development tool beside the product: the product never imports it.',
};
const noStudioServer = {
  group: ['**/server/**', '\\#server/*'],
  message:
    'The studio page must not import server code: it asks the studio server (src/studio/app/calls.ts).',
};
const otherFeatures = (feature) => ({
  group: features
    .filter((other) => other !== feature)
    .flatMap((other) => [`**/features/${other}/**`, `\\#client/features/${other}/*`]),
  message:
    'Features do not import each other: move the shared part to src/client/components or src/client/lib.',
});

const addKeyword = {
  selector: "CallExpression[callee.property.name='addKeyword']",
  message:
    'Only src/shared registers ajv keywords (src/shared/statement/keywords.ts): add the keyword there.',
};
// The server's two clocks (src/server/clock.ts) are its only way to the time.
const clockAdvice =
  'use the clock in the dependencies (src/server/clock.ts): clock.campaign() for what is due when, clock.real() for when something happened or how long to wait';
const adHocTime = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: `Date.now(): ${clockAdvice}.`,
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: `new Date(): ${clockAdvice}.`,
  },
];

const boundary = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      '.tmp/**',
      'node_modules/**',
      'coverage/**',
      'src/shared/statement/generated/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Type-aware rules that catch real bugs here: a promise nobody awaits (a failed write goes unseen) and
    // an async function where a callback's result is ignored (an event handler, a Node callback).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' } },
  },
  {
    // The browser and the server validate with the same keywords: they are registered in one place.
    ignores: ['src/shared/**'],
    rules: { 'no-restricted-syntax': ['error', addKeyword] },
  },
  {
    // A later block's no-restricted-syntax replaces an earlier one's: the server's keeps addKeyword's.
    files: ['src/server/**'],
    ignores: ['src/server/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', addKeyword, ...adHocTime] },
  },
  boundary(['src/client/**', 'widgets/**'], [noServer, noSql, noStudio], ['src/client/features/**']),
  ...features.map((feature) =>
    boundary([`src/client/features/${feature}/**`], [noServer, noSql, noStudio, otherFeatures(feature)]),
  ),
  boundary(['src/server/**'], [noBrowser, noSql, noStudio], ['src/server/db/**']),
  boundary(['src/server/db/**'], [noBrowser, noStudio]),
  boundary(['src/studio/app/**'], [noStudioServer, noSql]),
);
