import fs from 'node:fs';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';
import { noImportCycle } from './src/tooling/no-import-cycle.js';

// The features of the participant's client and of the staff panel (README.md#layout): each app's shell
// composes them, and they do not import each other.
const features = fs.readdirSync('src/client/features');
const panelFeatures = fs.readdirSync('src/panel/features');

// The boundaries of README.md#layout; each message says how to fix the import. The patterns are
// gitignore-style, where a leading # starts a comment: the package.json import aliases (#server/…) are
// written \\#server/….
const restrict = (group, message) => ({ group, message });

const noServer = restrict(
  ['**/server/**', '\\#server/*'],
  'The browser must not import server code: move shared logic to src/shared.',
);
const noBrowser = restrict(
  ['**/client/**', '**/widgets/**', '\\#client/*', '\\#widgets/*'],
  'The server must not import browser code: move shared logic to src/shared.',
);
const noSql = restrict(
  ['kysely', 'pg', 'better-sqlite3'],
  'SQL lives only in src/server/db: add a function there and call it.',
);
const noStudio = restrict(
  ['**/studio/**', '\\#studio/*'],
  'The form studio is a development tool beside the product: the product never imports it.',
);
const noTooling = restrict(
  ['**/tooling/**', '\\#tooling/*'],
  'src/tooling (schema checks, generators, file reading) is for scripts and the studio: the product never ' +
    'imports it. Move what the product needs to src/shared.',
);
const noStudioServer = restrict(
  ['**/server/**', '\\#server/*'],
  'The studio page and the model it runs must not import server code: the page asks the studio server ' +
    '(src/studio/app/calls.ts).',
);
// A sibling is reached as ../other/… from a feature's files, or by a longer path or the app's alias.
const otherFeatures = (app, all, feature) =>
  restrict(
    all
      .filter((other) => other !== feature)
      .flatMap((other) => [`**/features/${other}/**`, `../${other}/**`, `\\#${app}/features/${other}/*`]),
    `Features do not import each other: move the shared part to src/${app}/components or src/${app}/lib.`,
  );
const noNode = (where) =>
  restrict(
    ['node:*', ...builtinModules],
    `${where} also runs in the browser: no Node built-ins. Code that reads files or the process belongs ` +
      'in src/tooling (scripts, the studio) or src/server.',
  );

const noPanel = restrict(
  ['**/panel/**', '\\#panel/*'],
  "The participant's pages never load the staff panel: src/panel is its own app and bundle under /panel. " +
    'Move what both need to src/shared.',
);
// The staff panel (src/panel): its own React app and bundle, beside the participant's, sharing only
// src/shared and src/content with it.
const panelPatterns = [
  restrict(
    ['**/server/**', '\\#server/*'],
    'The panel must not import server code: it asks the server through its calls (src/panel/lib/api.ts). ' +
      'Move shared logic to src/shared.',
  ),
  restrict(
    ['**/client/**', '\\#client/*', '**/widgets/**', '\\#widgets/*'],
    "The panel is an app of its own: it never imports the participant's client or widgets. Move what both " +
      'need to src/shared, texts to src/content.',
  ),
  restrict(
    ['@rjsf/*', 'ajv', 'ajv-*', '**/schemas/**', '\\#schemas/*'],
    "The panel's bundle carries no form engine (rjsf, ajv, the statement schemas): staff screens show what " +
      'the server answers.',
  ),
  noSql,
  noStudio,
  noTooling,
  noNode('The staff panel'),
];

// src/shared is what both sides run: it leans on nothing but itself, content, schemas and packages.
const sharedPatterns = [
  restrict(
    ['**/server/**', '\\#server/*', '**/client/**', '\\#client/*', '**/widgets/**', '\\#widgets/*'],
    'src/shared is what the browser, the widgets and the server all run: it imports none of them. Move ' +
      'the part both sides need into src/shared.',
  ),
  noSql,
  noStudio,
  noTooling,
  noNode('src/shared'),
  noPanel,
];
const browserPatterns = [noServer, noSql, noStudio, noTooling, noNode('This code'), noPanel];
// The server's render of the pages (built by Vite for Node, src/server/pages/): browser code that may use Node.
const SERVER_RENDER = 'src/client/entry-server.tsx';
// The running server never loads a build recipe: `npm run build` and `npm start` run scripts/, which write
// the files the server reads.
const noScripts = restrict(
  ['**/scripts/**', '\\#scripts/*'],
  'The running server never imports scripts/ (build recipes, checks, measurements): the build writes files ' +
    'and the server reads them (src/server/pages/client-build.ts names where). Move shared logic to src/server ' +
    'or src/shared.',
);
const serverPatterns = [noBrowser, noStudio, noTooling, noScripts];

// The server's rooms (docs/decisions/server-house.md#rooms): the edge turns requests into calls and answers
// (HTTP, the pages, the panel's shell) and the composition root wires it; the domain (claims, review, staff,
// mail, statements, winners, db, ...) speaks no HTTP.
const SERVER_EDGE = [
  'src/server/http/**',
  'src/server/plugins/**',
  'src/server/routes/**',
  'src/server/panel/**',
  'src/server/pages/**',
  'src/server/app.ts',
  'src/server/main.ts',
];
const noEdge = restrict(
  [
    ...['http', 'plugins', 'routes', 'panel', 'pages'].flatMap((room) => [
      `**/${room}/**`,
      `\\#server/${room}/*`,
    ]),
    'fastify',
    'fastify-*',
    '@fastify/*',
  ],
  'The domain speaks no HTTP: it never imports the edge (src/server/http, plugins, routes, panel, pages) or ' +
    'Fastify. Throw a DomainError (src/server/domain-errors.ts) for the edge to map to a status, take plain ' +
    'values rather than requests, and move HTTP helpers to the edge.',
);

// The browser and the server validate with the same keywords: they are registered in one place.
const noAddKeyword = {
  selector: "CallExpression[callee.property.name='addKeyword']",
  message:
    'Only src/shared registers ajv keywords (src/shared/statement/keywords.ts): add the keyword there.',
};
// The server's two clocks (src/server/clock.ts) are its only way to the time.
const clockAdvice =
  'use the clock in the dependencies (src/server/clock.ts): clock.campaign() for what is due when, ' +
  'clock.real() for when something happened or how long to wait';
const adHocTime = [
  {
    // Called or passed on as a value (`now: Date.now`).
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: `Date.now(): ${clockAdvice}.`,
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: `new Date(): ${clockAdvice}.`,
  },
];
// The server's syntax rules: noAddKeyword, as everywhere but src/shared, and no time but the clock's.
const serverSyntax = [noAddKeyword, ...adHocTime];
const CLOCK = 'src/server/clock.ts';

/**
 * Each file belongs to exactly one area (the ignores keep the areas apart): in a flat config a later block's
 * no-restricted-imports or no-restricted-syntax replaces an earlier one for the files both match, so each
 * area lists the whole of what applies to it. Files of no area (tests, configs) get `outside`.
 */
const areas = [
  { files: ['src/shared/**'], imports: sharedPatterns, syntax: [] },
  { files: ['src/client/**'], ignores: ['src/client/features/**', SERVER_RENDER], imports: browserPatterns },
  { files: [SERVER_RENDER], imports: [noServer, noSql, noStudio, noTooling, noPanel] },
  ...features.map((feature) => ({
    files: [`src/client/features/${feature}/**`],
    imports: [...browserPatterns, otherFeatures('client', features, feature)],
  })),
  {
    files: ['widgets/**'],
    imports: [
      ...browserPatterns,
      restrict(
        ['**/client/**', '\\#client/*'],
        'Widgets never import the client: texts come from src/shared/content (statement-texts.ts), ' +
          'shared logic from src/shared.',
      ),
    ],
  },
  { files: SERVER_EDGE, imports: [...serverPatterns, noSql], syntax: serverSyntax },
  {
    files: ['src/server/**'],
    ignores: [...SERVER_EDGE, 'src/server/db/**', CLOCK],
    imports: [...serverPatterns, noSql, noEdge],
    syntax: serverSyntax,
  },
  { files: [CLOCK], imports: [...serverPatterns, noSql, noEdge] },
  { files: ['src/server/db/**'], imports: [...serverPatterns, noEdge], syntax: serverSyntax },
  { files: ['src/panel/**'], ignores: ['src/panel/features/**'], imports: panelPatterns },
  ...panelFeatures.map((feature) => ({
    files: [`src/panel/features/${feature}/**`],
    imports: [...panelPatterns, otherFeatures('panel', panelFeatures, feature)],
  })),
  { files: ['src/studio/app/**'], imports: [noStudioServer, noSql, noNode('The studio page')] },
  {
    // The studio's model, shared by its page and its server.
    files: ['src/studio/*'],
    imports: [noStudioServer, noSql, noNode("The studio's model (the page runs it)")],
  },
  {
    files: ['src/studio/server/**'],
    imports: [
      restrict(
        ['../../server/**', '\\#server/*'],
        'The studio server is a development tool beside the product: it never imports the product ' +
          'server. Move what both need to src/shared or src/tooling.',
      ),
      noSql,
    ],
  },
  {
    files: ['src/tooling/**'],
    imports: [
      restrict(
        [...noBrowser.group, ...noServer.group],
        "src/tooling checks and generates the product's files: it never imports the browser's or the " +
          "server's code. Move what both need to src/shared.",
      ),
      restrict(
        ['**/studio/**', '\\#studio/*'],
        'The studio imports src/tooling, not the other way round: move what both need to src/tooling.',
      ),
      noSql,
    ],
  },
  {
    // Scripts build, check and measure the product: they may use the server's build helpers and demo data,
    // but start the server itself as a process and never load the browser's React code.
    files: ['scripts/**'],
    imports: [
      restrict(
        [
          '**/client/**',
          '\\#client/*',
          '**/widgets/**',
          '\\#widgets/*',
          '\\#server/app.ts',
          '\\#server/main.ts',
          '**/server/app',
          '**/server/app.ts',
          '**/server/main',
          '**/server/main.ts',
        ],
        "Scripts never import the browser's React code or the server's app: build the client with Vite, " +
          'run the server as a process.',
      ),
      noSql,
    ],
  },
];
const outside = areas.flatMap((area) => area.files);

const areaBlock = ({ files, ignores = [], imports, syntax = [noAddKeyword] }) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': ['error', { patterns: imports }],
    'no-restricted-syntax': ['error', ...syntax],
  },
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
  ...areas.map(areaBlock),
  {
    // The panel's calls are made from their declarations (src/shared/panel-api) by src/panel/lib/api.ts
    // alone: a page that fetched by hand would write a path and a method the server need not declare.
    files: ['src/panel/**'],
    ignores: ['src/panel/lib/api.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'The panel calls the server through src/panel/lib/api.ts: request(theCall, { … }).',
        },
      ],
    },
  },
  { ignores: outside, rules: { 'no-restricted-syntax': ['error', noAddKeyword] } },
  {
    // No two modules import each other, however long the way round.
    files: ['src/**', 'widgets/**', 'scripts/**'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'local/no-import-cycle': 'error' },
  },
);
