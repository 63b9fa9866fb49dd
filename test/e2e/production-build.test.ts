import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-recipe.ts';
import { startServer, type RunningServer } from './harness';

// Inside the project, so the bundle finds node_modules as dist-server/ does.
const BUNDLE_DIR = path.resolve('.tmp/e2e-server-bundle');
const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The packages the bundle imports (statically or not), by package name; node: built-ins left out. */
function importedPackages(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    // `from` and `import` as words: a column named "promoted_from" followed by another string is no import,
    // nor is a content file's key "from" (the audit page's filter, panel.json) with its text.
    for (const [, specifier] of code.matchAll(/(?<![\w$"])(?:from|import)\s*\(?\s*"([^"./][^"]*)"/g)) {
      if (specifier!.startsWith('node:')) continue;
      const parts = specifier!.split('/');
      names.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return names;
}

describe('the production build (npm run build, npm run start:prod)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    await buildServer(process.cwd(), BUNDLE_DIR);
    server = await startServer({ CAMPAIGN_NOW: '2025-09-05T12:00:00+02:00' }, undefined, [
      path.join(BUNDLE_DIR, 'main.js'),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(BUNDLE_DIR, { recursive: true, force: true });
  });

  it('imports only production dependencies: no build tool, no TypeScript runner', () => {
    const imported = [...importedPackages(BUNDLE_DIR)];
    expect(imported).toContain('fastify');
    expect(imported.filter((name) => !(name in packageJson.dependencies))).toEqual([]);
  });

  it('runs on plain node: the rendered landing page, health, and the operator commands', async () => {
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok' });
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<meta name="campaign-now" content="2025-09-05T10:00:00.000Z">');
    expect(html).toContain('id="faq"');
    const status = execFileSync(process.execPath, [path.join(BUNDLE_DIR, 'operator.js'), 'status'], {
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
    });
    expect(JSON.parse(status.split('\n')[0]!)).toMatchObject({ tier: 'I', claims: 0 });
  });
});
