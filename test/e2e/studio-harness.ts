import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { execFileSync, spawn } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { freePort, launchBrowser, newContext } from './harness';

// The form studio edits the schemas/ of the checkout it runs in: each test run gets its own copy of the
// project (a git repository with one commit, sharing node_modules), so nothing here touches this checkout.

const PROJECT_FILES = [
  'src',
  'schemas',
  'widgets',
  'public',
  'scripts',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  '.prettierrc.json',
  '.vscode',
];

export interface RunningStudio {
  url: string;
  root: string;
  logs: string[];
  /** A file of the copy, as text. */
  read(file: string): string;
  stop(): Promise<void>;
}

const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Studio', '-c', 'user.email=studio@example.pl', ...args], {
    cwd: root,
    env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(root) },
  });

export function copyProject({ withGit = true } = {}): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-studio-'));
  for (const entry of PROJECT_FILES) fs.cpSync(entry, path.join(root, entry), { recursive: true });
  fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
  if (withGit) {
    fs.writeFileSync(path.join(root, '.gitignore'), 'node_modules\n');
    git(root, 'init', '-q');
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'Formularze na początek kampanii');
  }
  return root;
}

/** `npm run studio` in a copy of the project, on a port of the system's choosing (STUDIO_PORT). */
export async function startStudio(root = copyProject()): Promise<RunningStudio> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/studio/server/main.ts'], {
    cwd: root,
    env: { ...process.env, STUDIO_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`studio did not start:\n${logs.join('\n')}`)), 60_000);
    readline.createInterface({ input: child.stderr! }).on('line', (line) => logs.push(line));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      logs.push(line);
      if (/^http:\/\/127\.0\.0\.1:\d+\/studio$/.test(line)) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    child.once('exit', (code) => reject(new Error(`studio exited with ${code}:\n${logs.join('\n')}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    root,
    logs,
    read: (file: string) => fs.readFileSync(path.join(root, file), 'utf8'),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** For a describe block: a studio in a copy of the project and a Chromium with one context, closed after. */
export function useStudioInBrowser() {
  const used = {} as { studio: RunningStudio; browser: Browser; context: BrowserContext };
  beforeAll(async () => {
    [used.studio, used.browser] = await Promise.all([startStudio(), launchBrowser()]);
    used.context = await newContext(used.browser);
  });
  afterAll(async () => {
    await used.context?.close();
    await used.browser?.close();
    await used.studio?.stop();
  });
  return {
    get studio() {
      return used.studio;
    },
    get browser() {
      return used.browser;
    },
    /** Opens a studio page and waits for it: every page of the studio has its heading once its data is in. */
    async open(path: string, browsing: BrowserContext = used.context): Promise<Page> {
      const page = await browsing.newPage();
      await page.goto(new URL(path, used.studio.url).href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      return page;
    },
  };
}
