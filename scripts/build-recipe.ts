import fs from 'node:fs';
import path from 'node:path';
import type { InlineConfig } from 'vite';
import {
  panelBuildDir,
  panelIndexFile,
  serverBuildDir,
  serverBuildFile,
} from '#server/pages/client-build.ts';
import { precompress } from './precompress-plugin.ts';

// The build recipe (npm run build, npm start, the bench, the e2e set-up): Vite builds the browser's files,
// the server's render of the pages, the staff panel and the server bundle. The running server never loads
// it (eslint.config.js): it reads the built files where src/server/pages/client-build.ts says.

// Everything the browser's bundles (the participant's and the staff panel's) are made from: a change to any
// of these makes dist/ stale.
const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'scripts/precompress-plugin.ts',
  'package.json',
  'package-lock.json',
  'src/client',
  'src/panel',
  'src/shared',
  'src/content',
  'schemas',
  'widgets',
  'public',
];

function newestMtimeMs(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestMtimeMs(path.join(entry, name))), stat.mtimeMs);
}

/** docs/performance.md#rendering-on-the-server: the server's render of the app, built for Node. */
const SERVER_ENTRY = 'src/client/entry-server.tsx';
/** The staff panel's own app. */
const PANEL_SOURCE = 'src/panel';

export function isClientBuildStale(root: string, clientDir: string): boolean {
  const built = [path.join(clientDir, 'index.html'), serverBuildFile(clientDir), panelIndexFile(clientDir)];
  if (!built.every((file) => fs.existsSync(file))) return true;
  const builtAt = Math.min(...built.map((file) => fs.statSync(file).mtimeMs));
  return BUILD_INPUTS.some((entry) => newestMtimeMs(path.join(root, entry)) > builtAt);
}

/**
 * Builds the browser's files, then the server's render of the pages, then the staff panel, with Vite. The
 * participant's build empties clientDir first, so the panel comes after it.
 */
export async function buildClient(root: string, clientDir: string) {
  const { build } = await import('vite');
  const common = { root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' as const };
  await build({ ...common, build: { outDir: clientDir } });
  await build({
    ...common,
    build: { ssr: SERVER_ENTRY, outDir: serverBuildDir(clientDir), copyPublicDir: false, manifest: false },
  });
  await buildPanel(root, clientDir);
}

/**
 * The staff panel (src/panel/index.html) into dist/.panel, its files under /panel/assets/. A config of its
 * own, not vite.config.ts: none of the participant's plugins (the after-paint boot script, the markdown
 * alias) and nothing of its module graph. Precompressed like the participant's files: the server sends the
 * .br and .gz as they are (@fastify/static preCompressed).
 */
export async function panelBuildConfig(root: string, outDir: string): Promise<InlineConfig> {
  const { default: react } = await import('@vitejs/plugin-react');
  return {
    root: path.join(root, PANEL_SOURCE),
    configFile: false,
    base: '/panel/',
    publicDir: false,
    logLevel: 'warn',
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true, sourcemap: false, target: 'es2022' },
  };
}

async function buildPanel(root: string, clientDir: string) {
  const { build } = await import('vite');
  await build(await panelBuildConfig(root, panelBuildDir(clientDir)));
}

/**
 * The server and the operator's commands compiled for plain `node` (npm run build, npm run start:prod):
 * one file each, with the content, the schemas and their validators inside; packages stay imports from
 * node_modules, so a production install needs only the `dependencies`.
 */
export const SERVER_BUNDLE_DIR = 'dist-server';
const SERVER_BUNDLE_ENTRIES = { main: 'src/server/main.ts', operator: 'src/server/operator/cli.ts' };

export async function buildServer(root: string, outDir: string) {
  const { build } = await import('vite');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node24',
      minify: false,
      rolldownOptions: { input: SERVER_BUNDLE_ENTRIES },
    },
  });
}

/** Builds the client with Vite when dist/ is missing or older than its sources. */
export async function ensureClientBuild(root: string, clientDir: string, log: (line: string) => void) {
  if (!isClientBuildStale(root, clientDir)) return;
  log('Budowanie strony (vite build)…');
  await buildClient(root, clientDir);
}
