import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import readline from 'node:readline';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { AuditKeying } from '#server/db/index.ts';
import { spawnOperator as spawnOperatorAs } from '../server/helpers/operator-process';
import type { StorageTarget } from '../server/helpers/storage-targets';

// The e2e files' harness (docs/decisions/testing.md): launchBrowser() starts the file's Chromium,
// startServer() starts the server bundle built once for the run, spawnOperator() runs an
// operator command from its bundle; useServerAndBrowser() starts a server and a browser for a describe block.

/** Where the e2e run builds the client; set E2E_CLIENT_DIR to keep parallel runs apart. */
export const E2E_CLIENT_DIR = path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist');
/**
 * The server as deployed (`npm run build`'s server bundle), built once for the run by global-setup.ts: inside
 * the project, so it finds node_modules as dist-server/ does. Each start then loads one file instead of the
 * sources through tsx (1.2 s against 2.2 s a start here).
 */
export const E2E_SERVER_DIR = path.resolve('.tmp/e2e-server');
/** The server from its sources through tsx, for tests outside the e2e run (no bundle built for them). */
export const SOURCE_SERVER = ['--import', 'tsx', 'src/server/main.ts'];
/** `npm run operator`'s bundled commands, as deployed beside the server. */
export const OPERATOR_BUNDLE = path.join(E2E_SERVER_DIR, 'operator.js');

/**
 * An operator command in its own process, from the run's bundle (0.9 s of CPU a command here, against 3.2 s
 * through tsx; test/server/operator/cli-process.test.ts starts `npm run operator`'s sources).
 */
export const spawnOperator = (...[args, where, env]: Parameters<typeof spawnOperatorAs>) =>
  spawnOperatorAs(args, where, env, [OPERATOR_BUNDLE]);

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  logs: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the real server on its own port and its own temporary DATA_DIR: the run's server bundle, or what
 * `nodeArgs` name (a bundle of the test's own). A PORT in `env` is the port (a test that must know the
 * server's address before it starts: PUBLIC_URL); else a free one is chosen.
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  nodeArgs: string[] = [path.join(E2E_SERVER_DIR, 'main.js')],
): Promise<RunningServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-e2e-'));
  const url = `http://127.0.0.1:${env.PORT ?? (await freePort())}`;
  const child = spawn(process.execPath, nodeArgs, {
    env: {
      ...process.env,
      PORT: new URL(url).port,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      CLIENT_DIR: E2E_CLIENT_DIR,
      LOG_LEVEL: 'info',
      DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  readline.createInterface({ input: child.stdout! }).on('line', (line) => logs.push(line));
  readline.createInterface({ input: child.stderr! }).on('line', (line) => logs.push(line));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Ready when health answers (whatever the log level says).
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${logs.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.join('\n')}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir: dir,
    process: child,
    logs,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      // A DATA_DIR made here goes with the server; one passed in belongs to the caller (restart tests).
      if (dataDir === undefined) fs.rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Debian's full Chromium: the bench's browser (its page timings and Lighthouse). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The tests' Chromium: Debian's headless shell of the same version (Blink and V8 as in Chromium, without the
 * browser's interface and display compositor), Playwright's own choice for headless runs. It takes about half
 * the CPU of the full browser for the same file here (docs/decisions/testing.md).
 */
export const HEADLESS_CHROMIUM_PATH =
  process.env.HEADLESS_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const browserOptional = process.env.E2E_BROWSER === 'optional';

/**
 * Whether the suites of a browser run: without its programs they fail with the advice how to install them,
 * unless E2E_BROWSER=optional says to skip.
 */
export function browserInstalled(browser: string, programs: string[], install: string): boolean {
  const missing = programs.filter((program) => !fs.existsSync(program));
  if (missing.length === 0) return true;
  if (browserOptional) {
    console.warn(
      `\n!!! SKIPPED: end-to-end tests in ${browser}, no ${missing.join(' or ')} (E2E_BROWSER=optional) !!!\n`,
    );
    return false;
  }
  throw new Error(
    `No ${missing.join(' or ')} for the tests in ${browser}. Install Debian's: ${install}. ` +
      'To skip the browser tests on purpose, set E2E_BROWSER=optional.',
  );
}

/** Whether the Chromium suites run. */
export const browserAvailable = () =>
  browserInstalled(
    'Chromium',
    [HEADLESS_CHROMIUM_PATH],
    'sudo apt-get install -y chromium-headless-shell (or set HEADLESS_CHROMIUM_PATH)',
  );

/** Debian's Chromium on these machines: no sandbox as root, and no calls to Google's hosts. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Starts a Chromium: the tests' headless shell, unless told which (the bench's full browser). */
export async function launchBrowser(executablePath = HEADLESS_CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export const PHONE_VIEWPORT = { width: 360, height: 740 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 900 };

export async function newContext(browser: Browser, viewport = DESKTOP_VIEWPORT): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale: 'pl-PL', timezoneId: 'America/New_York' });
}

/**
 * The real server (with `env`) and a browser for the tests of one describe block: started before them,
 * closed after them, the server's data folder removed. `prepare` fills that folder first (the operator's
 * commands: imports, opt-out links); `launch` starts the browser (Chromium unless said). Read
 * `running.server` and `running.browser` inside the tests.
 */
export function useServerAndBrowser(
  env?: Record<string, string>,
  prepare?: (dataDir: string) => Promise<void>,
): { server: RunningServer; browser: Browser };
export function useServerAndBrowser<B extends { close(): Promise<void> }>(
  env: Record<string, string>,
  prepare: (dataDir: string) => Promise<void>,
  launch: () => Promise<B>,
): { server: RunningServer; browser: B };
export function useServerAndBrowser(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
  launch: () => Promise<{ close(): Promise<void> }> = launchBrowser,
) {
  const running = {} as { server: RunningServer; browser: { close(): Promise<void> } };
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-e2e-'));
    await prepare?.(dataDir);
    [running.server, running.browser] = await Promise.all([startServer(env, dataDir), launch()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
    if (running.server) fs.rmSync(running.server.dataDir, { recursive: true, force: true });
  });
  return running;
}

/** Where the operator's commands find a staff run's data: its directory, database and keys. */
export interface StaffWhere {
  dataDir: string;
  databaseUrl: string | undefined;
  statementsKey: Buffer;
  audit: AuditKeying;
}

/** What useStaffServer() started, read inside the tests once its beforeAll has run. */
export interface StaffRun {
  server: RunningServer;
  browser: Browser;
  /** The panel's origin (PUBLIC_URL): its passkeys and the mailed links are for it. */
  origin: string;
  where: StaffWhere;
  /** The people's browser contexts (panel-people.ts), closed after the block. */
  contexts: BrowserContext[];
}

/**
 * The staff panel's run for a describe block (the panel, review and issue files): a fresh database of
 * `target` (its SQLite file or PostgreSQL schema), the real server on `http://localhost:<port>` with keys of
 * its own and the development mailbox in DATA_DIR/mail (no SMTP_URL), and a Chromium; `env` adds to the
 * server's settings. The people sign in with panel-people.ts's staffPeople(run).
 */
export function useStaffServer(target: StorageTarget, env: Record<string, string> = {}): StaffRun {
  const run = { contexts: [] as BrowserContext[] } as StaffRun;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await target.open();
    await opened.storage.close();
    drop = opened.drop;
    const statementsKey = randomBytes(32);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-staff-'));
    run.where = { dataDir, databaseUrl: opened.databaseUrl, statementsKey, audit: opened.storage.audit };
    const port = await freePort();
    run.origin = `http://localhost:${port}`;
    [run.server, run.browser] = await Promise.all([
      startServer(
        {
          PORT: String(port),
          PUBLIC_URL: run.origin,
          STATEMENTS_KEY: statementsKey.toString('hex'),
          AUDIT_KEY: run.where.audit.key.toString('hex'),
          DATABASE_URL: opened.databaseUrl ?? '',
          // The server and the operator's commands (operatorEnv) seal with one keys folder (docs/decisions/storage.md#bounded-keys).
          YEAR_KEYS_DIR: opened.databaseUrl ? path.join(dataDir, 'year-keys') : '',
          SMTP_URL: '',
          ...env,
        },
        dataDir,
      ),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    for (const context of run.contexts) await context.close();
    await run.browser?.close();
    await run.server?.stop();
    if (run.where) fs.rmSync(run.where.dataDir, { recursive: true, force: true });
    await drop?.();
  });
  return run;
}

/**
 * React has taken over the page: its main heading carries React's fiber, and the work hydration started (it
 * runs in slices, as a transition: src/client/main.tsx) is done, so the browser has nothing left to run.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

/**
 * Opens a page of the app and waits until it works: the server's HTML shows first, and the app's script
 * comes only after the first paint (src/client/boot.ts), so a click before hydration would do nothing.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** Opens a page of the landing site and waits until its winners section is there. */
export async function openLanding(running: { server: RunningServer; browser: Browser }, pathAndQuery = '/') {
  const page = await (await newContext(running.browser)).newPage();
  await gotoHydrated(page, running.server.url + pathAndQuery);
  await page.getByRole('heading', { name: 'Lista zwycięzców' }).waitFor();
  return page;
}
