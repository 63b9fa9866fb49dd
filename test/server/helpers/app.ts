import fs from 'node:fs';
import { expect } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppConfig } from '#server/app.ts';
import { serverBuildFile } from '#server/pages/client-build.ts';
import type { Clock } from '#server/clock.ts';
import type { AuditKeying, Storage } from '#server/db/index.ts';
import type { StorageTarget, TargetOptions } from './storage-targets';
import { statementEndpoint, tierById } from '#shared/campaign.ts';

export interface TestApp {
  app: FastifyInstance;
  storage: Storage;
  dataDir: string;
  databaseUrl: string | undefined;
  statementsKey: Buffer;
  /** The audit trail's key and head file (storage.audit): the operator's commands get them too. */
  audit: AuditKeying;
  /** Every log line the app wrote, raw. */
  logs: string[];
  close(): Promise<void>;
}

/** The server's clocks for a test: each one real time unless the test sets it (src/server/clock.ts). */
export function fakeClock(clocks: Partial<Clock> = {}): Clock {
  return { campaign: () => Date.now(), real: () => Date.now(), ...clocks };
}

/** A real app (no listening socket) on a fresh database of the target; logs captured for privacy checks. */
export async function openTestApp(
  target: StorageTarget,
  config: Partial<AppConfig> = {},
  clock: Clock = fakeClock(),
  storageOptions: TargetOptions = {},
): Promise<TestApp> {
  const opened = await target.open(storageOptions);
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const statementsKey = randomBytes(32);
  const app = await buildApp(
    { clientDir: '/nonexistent', campaignNowMs: undefined, logLevel: 'info', logger: { stream }, ...config },
    { storage: opened.storage, clock, statementsKey },
  );
  return {
    app,
    storage: opened.storage,
    dataDir: opened.dataDir,
    databaseUrl: opened.databaseUrl,
    statementsKey,
    audit: opened.storage.audit,
    logs,
    async close() {
      await app.close();
      await opened.storage.close();
      await opened.drop();
    },
  };
}

/** POSTs a statement to the call its tier uses (docs/api.md#statements), as the browser does. */
export function postStatement(t: Pick<TestApp, 'app'>, payload: Record<string, unknown>) {
  const tier = tierById(String(payload.type));
  return t.app.inject({
    method: 'POST',
    url: `/api/${tier ? statementEndpoint(tier) : 'complete-testimonial'}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/** The fake build's one stylesheet. */
export const FAKE_STYLESHEET = 'body{margin:0}';

/**
 * A client build's stand-in, for server tests that do not build the client (Vite takes seconds): an
 * index.html linking FAKE_STYLESHEET and a server render (entry-server.js) that writes the location and
 * instant it was given, and counts its renders in globalThis.renders, or fails while globalThis.failRender
 * is set.
 */
export function fakeClientBuild(): string {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<html lang="pl"><head><title>t</title><link rel="stylesheet" crossorigin href="/assets/site.css">' +
      '</head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'site.css'), FAKE_STYLESHEET);
  fs.mkdirSync(path.dirname(serverBuildFile(clientDir)));
  fs.writeFileSync(
    serverBuildFile(clientDir),
    `export async function renderPage(location, nowMs) {
      globalThis.renders = (globalThis.renders ?? 0) + 1;
      if (globalThis.failRender) throw new Error('PESEL 44051401458 nie pasuje');
      return '<p data-location="' + location + '">' + new Date(nowMs).toISOString() + '</p>';
    }`,
  );
  return clientDir;
}

/** A statement's 201 answer (docs/api.md#statements): its reference is two groups of four unambiguous symbols. */
export const STATEMENT_ACCEPTED = {
  status: 'ok',
  reference: expect.stringMatching(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/),
};
