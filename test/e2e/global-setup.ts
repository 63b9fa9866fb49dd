import fs from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildServer, ensureClientBuild } from '../../scripts/build-recipe.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_CLIENT_DIR, E2E_SERVER_DIR } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, which every file's launchBrowser() connects to (test/e2e/harness.ts). */
    chromiumEndpoint: string | undefined;
  }
}

// One client build for the whole e2e run (skipped when dist/ is fresh), and one server bundle (always: it is
// quick, and a stale one would test old code). One Chromium for the run too: a file's launchBrowser() opens a
// connection of its own to it, with contexts of its own, instead of starting a browser (1–2 s of CPU each).
export default async function setup(project: TestProject) {
  const [browser] = await Promise.all([
    fs.existsSync(CHROMIUM_PATH)
      ? chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
      : undefined,
    (async () => {
      await ensureClientBuild(process.cwd(), E2E_CLIENT_DIR, (line) => console.log(line));
      await buildServer(process.cwd(), E2E_SERVER_DIR);
    })(),
  ]);
  project.provide('chromiumEndpoint', browser?.wsEndpoint());
  return async () => {
    await browser?.close();
  };
}
