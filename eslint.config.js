import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const features = fs.readdirSync('src/client/features');

// ARCHITECTURE.md boundaries; each message says how to fix the import.
const noServer = {
  group: ['**/server/**'],
  message: 'The browser must not import server code: move shared logic to src/shared.',
};
const noBrowser = {
  group: ['**/client/**', '**/widgets/**'],
  message: 'The server must not import browser code: move shared logic to src/shared.',
};
const noAjv = {
  group: ['ajv', 'ajv/*', 'ajv-errors', 'ajv-formats'],
  message: 'Only src/shared sets up ajv and its keywords: import the validators from src/shared.',
};
const noSql = {
  group: ['kysely', 'pg', 'better-sqlite3'],
  message: 'SQL lives only in src/server/db: add a function there and call it.',
};
const noStudio = {
  group: ['**/studio/**'],
  message: 'The form studio is a development tool beside the product: the product never imports it.',
};
const noStudioServer = {
  group: ['**/server/**'],
  message:
    'The studio page must not import server code: it asks the studio server (src/studio/app/calls.ts).',
};
const otherFeatures = (feature) => ({
  group: features.filter((other) => other !== feature).map((other) => `**/features/${other}/**`),
  message:
    'Features do not import each other: move the shared part to src/client/components or src/client/lib.',
});

const boundary = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
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
  ...tseslint.configs.recommended,
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
  boundary(['src/client/**', 'widgets/**'], [noServer, noAjv, noSql, noStudio], ['src/client/features/**']),
  ...features.map((feature) =>
    boundary(
      [`src/client/features/${feature}/**`],
      [noServer, noAjv, noSql, noStudio, otherFeatures(feature)],
    ),
  ),
  boundary(['src/server/**'], [noBrowser, noAjv, noSql, noStudio], ['src/server/db/**']),
  boundary(['src/server/db/**'], [noBrowser, noAjv, noStudio]),
  boundary(['src/studio/app/**'], [noStudioServer, noAjv, noSql]),
);
