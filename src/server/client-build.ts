import fs from 'node:fs';
import path from 'node:path';

// Everything the browser bundle is made from: a change to any of these makes dist/ stale.
const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'scripts/precompress-plugin.ts',
  'package-lock.json',
  'src/client',
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

export function isClientBuildStale(root: string, clientDir: string): boolean {
  const built = path.join(clientDir, 'index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return BUILD_INPUTS.some((entry) => newestMtimeMs(path.join(root, entry)) > builtAt);
}

/** Builds the client with Vite when dist/ is missing or older than its sources. */
export async function ensureClientBuild(root: string, clientDir: string, log: (line: string) => void) {
  if (!isClientBuildStale(root, clientDir)) return;
  log('Budowanie strony (vite build)…');
  const { build } = await import('vite');
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: clientDir },
  });
}
