import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER_DEFAULTS, MailDispatcher } from '#server/mail/dispatcher.ts';
import { mailboxTransport, smtpTransport } from '#server/mail/transport.ts';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, WINNER_CONTACT, winnersFixture } from '../helpers/winners-fixture';

const ISSUED_MS = Date.parse('2025-07-01T10:00:00+02:00');
const CAMPAIGN_NOW = { CAMPAIGN_NOW: '2025-07-01T10:30:00+02:00' };

describe.each(storageTargets)('the operator and the mail on $name', (target) => {
  let t: TestApp;
  let smtp: TestSmtp;
  const clock = fakeClock({ campaign: () => ISSUED_MS, real: () => ISSUED_MS });
  const dispatcherWith = (transport: ReturnType<typeof smtpTransport>) =>
    new MailDispatcher({
      ...DISPATCHER_DEFAULTS,
      storage: t.storage,
      clock,
      keys: [t.statementsKey],
      transport,
      from: 'Loteria <loteria@example.pl>',
      publicUrl: 'https://loteria.example.pl',
      log: { info() {}, warn() {}, error() {} },
    });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await openTestApp(target, {}, clock);
    await importInto(t, winnersFixture, { clock });
  });
  afterAll(async () => {
    await smtp.stop();
    await t.close();
  });

  it('mail-status counts each kind, and how long the oldest due message has waited', async () => {
    const { lines, exitCode } = await runOperator(['mail-status'], t, CAMPAIGN_NOW);
    expect(exitCode).toBe(0);
    // Two winners in the fixture have an e-mail: a link each, due since the import, and two reminders each.
    expect(lines).toEqual([
      { kind: 'link', queued: 2, sent: 0, failed: 0, oldestQueuedMinutes: 30 },
      { kind: 'reminder', queued: 4, sent: 0, failed: 0, oldestQueuedMinutes: null },
      { kind: 'received', queued: 0, sent: 0, failed: 0, oldestQueuedMinutes: null },
      { kind: 'verdict', queued: 0, sent: 0, failed: 0, oldestQueuedMinutes: null },
      { kind: 'invitation', queued: 0, sent: 0, failed: 0, oldestQueuedMinutes: null },
      { kind: 'staff-recovery', queued: 0, sent: 0, failed: 0, oldestQueuedMinutes: null },
      { kind: 'passkey-changed', queued: 0, sent: 0, failed: 0, oldestQueuedMinutes: null },
      { kind: 'complaint-received', queued: 0, sent: 0, failed: 0, oldestQueuedMinutes: null },
      { kind: 'complaint-answer', queued: 0, sent: 0, failed: 0, oldestQueuedMinutes: null },
      { kind: 'shipped', queued: 0, sent: 0, failed: 0, oldestQueuedMinutes: null },
    ]);
  });

  it('shows a refused message with the server answer and no address, and mail-retry sends it again', async () => {
    const transport = smtpTransport(smtp.url, undefined);
    smtp.answerNext({ code: 550, message: `5.1.1 <${WINNER_CONTACT.email}>: Recipient address rejected` });
    await dispatcherWith(transport).sendDue();
    const status = await runOperator(['mail-status'], t, CAMPAIGN_NOW);
    expect(status.lines[0]).toMatchObject({ kind: 'link', queued: 0, sent: 1, failed: 1 });
    expect(status.stderr).toMatch(/^Niewysłane wiadomości: 1 \(.*mail-status --failed.*mail-retry/);
    const failed = await runOperator(['mail-status', '--failed'], t);
    expect(failed.lines).toEqual([
      {
        id: expect.any(String),
        kind: 'link',
        code: expect.any(String),
        tier: expect.any(String),
        attempts: 1,
        firstFailedAt: new Date(ISSUED_MS).toISOString(),
        answer: expect.stringContaining('550'),
      },
    ]);
    expect(JSON.stringify(failed.lines)).not.toContain(WINNER_CONTACT.email);
    expect((await runOperator(['mail-retry'], t)).lines).toEqual([{ requeued: 1 }]);
    await dispatcherWith(transport).sendDue();
    expect((await runOperator(['mail-status'], t)).lines[0]).toMatchObject({ sent: 2, failed: 0 });
    expect(smtp.received.map((mail) => mail.kind)).toEqual(['link', 'link']);
    transport.close();
  });

  it('mailbox lists the development mailbox, each message with its kind and Polish subject', async () => {
    expect((await postStatement(t, validStatement('III', 'T0000000003'))).statusCode).toBe(201);
    await dispatcherWith(mailboxTransport(t.dataDir)).sendDue();
    const { lines } = await runOperator(['mailbox'], t);
    expect(lines).toEqual([
      {
        file: expect.stringMatching(/\/mail\/20250701T080000Z-received-[0-9a-f-]{36}\.eml$/),
        kind: 'received',
        subject: expect.any(String),
        date: expect.any(String),
      },
    ]);
    expect(String(lines[0]!.subject)).not.toMatch(/=\?/);
  });
});
