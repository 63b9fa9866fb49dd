import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { WinnersFile } from '#server/winners/import-file.ts';
import { SOURCE_SERVER, startServer, type RunningServer } from '../../e2e/harness';
import { runOperator } from '../helpers/operator';
import { startTestSmtp, type Received, type TestSmtp } from '../helpers/smtp';
import { storageTargets } from '../helpers/storage-targets';

// docs/decisions/mail.md#dispatcher: real server processes sending to a real SMTP server: one killed in the
// middle of sending, two sharing one PostgreSQL database.

const CAMPAIGN_NOW = '2025-07-01T10:00:00+02:00';

/** `count` tier I winners, each with an address of their own. */
function winnersWithAddresses(count: number): WinnersFile {
  return {
    instant: [],
    draws: Array.from({ length: count }, (_, index) => ({
      drawName: 'Draw1',
      price: 'AYGO' as const,
      priceRank: index + 1,
      code: `C${String(index).padStart(10, '0')}`,
      name: 'Jan K.',
      testimonialId: `T${index}`,
      email: `laureat-${index}@example.com`,
    })),
  };
}

async function importWinners(where: Parameters<typeof runOperator>[1], count: number) {
  const file = path.join(where.dataDir, 'winners.json');
  fs.writeFileSync(file, JSON.stringify(winnersWithAddresses(count)));
  const imported = await runOperator(['import-winners', file], where, { CAMPAIGN_NOW });
  expect(imported.exitCode).toBe(0);
}

/** Each address's messages: duplicates (a resend) must share their Message-ID. */
function byRecipient(received: Received[]) {
  const messages = new Map<string, Set<string>>();
  for (const mail of received) {
    const ids = messages.get(mail.to) ?? new Set<string>();
    ids.add(mail.messageId);
    messages.set(mail.to, ids);
  }
  return messages;
}

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const env = (smtp: TestSmtp, extra: Record<string, string> = {}) => ({
  SMTP_URL: smtp.url,
  CAMPAIGN_NOW,
  // A message held by a killed server is free again after 2 s, not the default 2 minutes.
  MAIL_LEASE_MS: '2000',
  ...extra,
});

describe('mail from server processes', () => {
  it('delivers every message after a server is killed (kill -9) while it sends; a resend keeps its Message-ID', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-mail-'));
    cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    await importWinners({ dataDir, databaseUrl: undefined }, 40);
    const killed: { server?: RunningServer; due?: boolean } = {};
    // Killed right after the SMTP server has said 250 to the 10th message, before the server could record it.
    const smtp = await startTestSmtp({
      delayMs: 20,
      onAccepted: (count) => {
        if (count !== 10) return;
        killed.due = true;
        killed.server?.process.kill('SIGKILL');
      },
    });
    cleanup.push(() => smtp.stop());
    const first = await startServer(env(smtp), dataDir, SOURCE_SERVER);
    killed.server = first;
    // Should the tenth message have gone before the server answered its health check.
    if (killed.due) first.process.kill('SIGKILL');
    cleanup.push(() => first.stop());
    await new Promise((resolve) => first.process.once('exit', resolve));
    expect(first.process.signalCode).toBe('SIGKILL');
    const second = await startServer(env(smtp), dataDir, SOURCE_SERVER);
    cleanup.push(() => second.stop());
    await expect.poll(() => byRecipient(smtp.received).size, { timeout: 30_000 }).toBe(40);
    const messages = byRecipient(smtp.received);
    // Messages accepted but not recorded by the killed server were sent again…
    expect(smtp.received.length).toBeGreaterThan(40);
    // …and an address that got its link twice got the same message twice.
    expect([...messages.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(smtp.received.every((mail) => mail.kind === 'link')).toBe(true);
    const status = await runOperator(['mail-status'], { dataDir, databaseUrl: undefined }, { CAMPAIGN_NOW });
    expect(status.lines[0]).toMatchObject({ kind: 'link', queued: 0, sent: 40, failed: 0 });
  });

  const postgres = storageTargets.find((target) => target.name === 'postgres');
  it.skipIf(!postgres)('sends each message once with two servers on one PostgreSQL database', async () => {
    const opened = await postgres!.open();
    cleanup.push(() => opened.drop());
    await opened.storage.close();
    const statementsKey = randomBytes(32);
    const where = {
      dataDir: opened.dataDir,
      databaseUrl: opened.databaseUrl,
      statementsKey,
      audit: opened.storage.audit,
    };
    await importWinners(where, 300);
    const smtp = await startTestSmtp({ delayMs: 10 });
    cleanup.push(() => smtp.stop());
    const shared = env(smtp, {
      DATABASE_URL: opened.databaseUrl!,
      YEAR_KEYS_DIR: opened.storage.keysDir,
      STATEMENTS_KEY: statementsKey.toString('hex'),
      AUDIT_KEY: where.audit.key.toString('hex'),
    });
    const servers = await Promise.all([
      startServer(shared, undefined, SOURCE_SERVER),
      startServer(shared, undefined, SOURCE_SERVER),
    ]);
    for (const server of servers) cleanup.push(() => server.stop());
    await expect.poll(() => smtp.received.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(300);
    await expect
      .poll(async () => (await runOperator(['mail-status'], where, { CAMPAIGN_NOW })).lines[0], {
        timeout: 10_000,
      })
      .toMatchObject({ queued: 0, sent: 300 });
    expect(smtp.received).toHaveLength(300);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(300);
    // Both took their share.
    const sentBy = servers.map((server) => server.logs.filter((line) => line.includes('"mail sent"')).length);
    expect(sentBy.every((count) => count > 0)).toBe(true);
    expect(sentBy[0]! + sentBy[1]!).toBe(300);
  });
});
