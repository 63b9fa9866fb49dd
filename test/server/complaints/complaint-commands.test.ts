import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMail } from '#server/mail/compose.ts';
import { warsawLocalToInstant } from '#shared/warsaw-time.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { storageTargets } from '../helpers/storage-targets';
import { validComplaint } from './complaint-fixtures';

// docs/api.md "Complaints": the operator's complaint-add, complaints-status and export-complaints.
describe.each(storageTargets)('the complaint commands on $name', (target) => {
  let t: TestApp;
  let dir: string;
  const campaignNow = warsawLocalToInstant('2026-02-20T09:00:00');
  const AS_OF = { CAMPAIGN_NOW: '2026-02-20T09:00:00+01:00' };

  beforeAll(async () => {
    t = await openTestApp(target, {}, fakeClock({ campaign: () => campaignNow }));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'complaints-'));
    fs.writeFileSync(path.join(dir, 'letter.json'), JSON.stringify(validComplaint()));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  const add = (...args: string[]) =>
    runOperator(['complaint-add', ...args, path.join(dir, 'letter.json')], t, AS_OF);

  it('registers a letter: postmarked 10 Feb, received 16 Feb → on time, deadline cut to 4 March', async () => {
    const run = await add('--received', '2026-02-16', '--postmarked', '2026-02-10');
    expect(run.exitCode).toBe(0);
    expect(run.lines).toEqual([
      {
        reference: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/),
        deadline: '2026-03-04',
        shortened: true,
        late: false,
      },
    ]);
  });

  it('a letter postmarked 11 Feb is registered as late, never dropped', async () => {
    const run = await add('--received', '2026-02-12', '--postmarked', '2026-02-11');
    expect(run.lines).toEqual([
      { reference: expect.any(String), deadline: '2026-03-04', shortened: true, late: true },
    ]);
  });

  it('refuses, in Polish, a bad day, a postmark after receipt and a file the form would refuse', async () => {
    const bad = await add('--received', '2026-02-30');
    expect(bad).toMatchObject({ exitCode: 1, lines: [] });
    expect(bad.stderr).toContain('--received musi być datą RRRR-MM-DD, a jest: 2026-02-30');
    const after = await add('--received', '2026-02-12', '--postmarked', '2026-02-13');
    expect(after.stderr).toContain(
      'stempel pocztowy (2026-02-13) jest późniejszy niż dzień otrzymania (2026-02-12)',
    );
    fs.writeFileSync(path.join(dir, 'broken.json'), JSON.stringify(validComplaint({ demand: '' })));
    const broken = await runOperator(
      ['complaint-add', '--received', '2026-02-12', path.join(dir, 'broken.json')],
      t,
      AS_OF,
    );
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toContain('demand: Żądanie musi mieć co najmniej 3 znaki.');
  });

  it('complaints-status: one line per state, with the overdue ones', async () => {
    await add('--received', '2026-01-20');
    const run = await runOperator(['complaints-status'], t, { CAMPAIGN_NOW: '2026-02-12T09:00:00+01:00' });
    expect(run.lines).toEqual([
      { state: 'open', count: 3, overdue: 1 },
      { state: 'decided', count: 0, overdue: 0 },
      { state: 'answered', count: 0, overdue: 0 },
    ]);
  });

  it('export-complaints writes the protocol, 0600, and is on the audit trail', async () => {
    const out = path.join(dir, 'protokol.csv');
    const run = await runOperator(['export-complaints', '--out', out], t, AS_OF);
    expect(run.lines).toEqual([{ out, complaints: 3 }]);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    const [header, ...rows] = fs
      .readFileSync(out, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      'reference,channel,received,postmarked,deadline,shortened,late,decision,decidedBy,decidedAt,sentBy,sentAt,onTime',
    );
    expect(rows.map((row) => row.split(',').slice(1, 8))).toEqual([
      ['post', '2026-01-20', '', '2026-02-10', 'false', 'false', ''],
      ['post', '2026-02-12', '2026-02-11', '2026-03-04', 'true', 'true', ''],
      ['post', '2026-02-16', '2026-02-10', '2026-03-04', 'true', 'false', ''],
    ]);
    const entry = await t.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'complaints-exported')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details!)).toMatchObject({ complaints: 3 });
  });
});

describe('the complaint mails', () => {
  it('complaint-received carries the reference and the deadline in Polish words', () => {
    const mail = composeMail({ kind: 'complaint-received', reference: 'K7QM-4XD9', deadline: '2026-03-04' });
    expect(mail.subject).toBe('Otrzymaliśmy Twoją reklamację (numer K7QM-4XD9)');
    expect(mail.text).toContain('Odpowiemy najpóźniej: 4 marca 2026 r.');
  });

  it('complaint-answer says the decision, its ground, and that a late complaint was late', () => {
    const mail = composeMail({
      kind: 'complaint-answer',
      reference: 'K7QM-4XD9',
      receivedOn: '2026-02-12',
      decision: 'rejected',
      reason: 'Sprawdziliśmy przebieg sprawy: postąpiliśmy zgodnie z regulaminem loterii.',
      late: true,
    });
    expect(mail.subject).toBe('Odpowiedź na Twoją reklamację (numer K7QM-4XD9)');
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain('Reklamacja nieuznana');
    expect(text).toContain('nie uznaliśmy jej. Sprawdziliśmy przebieg sprawy');
    expect(text).toContain('Data otrzymania reklamacji: 12 lutego 2026 r.');
    expect(text).toContain('Reklamację wysłano po ostatnim dniu składania reklamacji (10 lutego 2026 r.).');
  });
});
