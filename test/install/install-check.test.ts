import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// docs/decisions/operations.md#install-scripts: npm skips the install scripts of packages package.json's
// "allowScripts" does not approve, and a fresh install would then run without Node 24 and without SQLite. The
// approval names exactly the packages with install scripts, and .ci/check-install stops CI with a clear
// message when an install lacks either.

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const check = join(root, '.ci/check-install');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>;
};

// npm run puts the project's node_modules/.bin (Node 24) first on the PATH; a fresh machine has only its own.
const machinePath = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((entry) => !entry.includes('node_modules'))
  .join(delimiter);

async function checkInstall(dir: string) {
  try {
    const { stdout } = await run(check, [dir], { env: { ...process.env, PATH: machinePath } });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'install-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function project(name: string, withNode: boolean): string {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "name": "fresh", "private": true }\n');
  if (withNode) symlinkSync(join(root, 'node_modules/node/bin/node'), join(dir, 'node_modules/.bin/node'));
  return dir;
}

describe('installs that stay whole', () => {
  it('approves the install scripts of exactly the packages that have them', () => {
    // npm runs a package's preinstall, install and postinstall, and `node-gyp rebuild` for a binding.gyp.
    const withScripts = Object.keys(lock.packages)
      .filter((path) => path.startsWith('node_modules/'))
      // Optional packages of other platforms are in the lock but not installed here.
      .filter((path) => existsSync(join(root, path, 'package.json')))
      .filter((path) => {
        const { scripts = {} } = JSON.parse(readFileSync(join(root, path, 'package.json'), 'utf8')) as {
          scripts?: Record<string, string>;
        };
        const lifecycle = ['preinstall', 'install', 'postinstall'].some((script) => script in scripts);
        return lifecycle || existsSync(join(root, path, 'binding.gyp'));
      })
      .map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(manifest.allowScripts).toEqual(Object.fromEntries(withScripts.map((name) => [name, true])));
  });

  it('passes this install: Node 24 from the node package, better-sqlite3 built', async () => {
    const { code, output } = await checkInstall(root);
    expect(code).toBe(0);
    expect(output).toMatch(/^Install complete: Node v24\.\d+\.\d+, better-sqlite3 loads/);
  });

  it('stops an install without the node package with a message naming it', async () => {
    const { code, output } = await checkInstall(project('no-node', false));
    expect(code).toBe(1);
    expect(output).toContain('not Node 24');
    expect(output).toContain('npm install-scripts approve node');
  });

  it('stops an install whose better-sqlite3 does not load with a message naming it', async () => {
    const { code, output } = await checkInstall(project('no-sqlite', true));
    expect(code).toBe(1);
    expect(output).toContain('better-sqlite3 does not load under Node v24');
    expect(output).toContain('npm install-scripts approve better-sqlite3');
  });
});
