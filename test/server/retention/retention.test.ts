import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintContext } from '#server/complaints/sealed.ts';
import { DomainError } from '#server/domain-errors.ts';
import { encryptBytes } from '#server/crypto/encryption.ts';
import { insertHold } from '#server/db/retention.ts';
import { RETENTION_POLICIES } from '#server/retention/policies.ts';
import { runRetention } from '#server/retention/run.ts';
import { OPERATOR, verifyAudit } from '#server/staff/audit.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { runOperator, spawnOperator } from '../helpers/operator';
import { sendStatements } from '../helpers/panel';
import { insertFinalReview, storedSecrets } from '../helpers/retention-rows';
import { storageTargets } from '../helpers/storage-targets';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

// Issue 44's vectors end to end: the purge day of each statement from its issue, tax or rejection, holds, the
// dry run, one run per day across two servers, the receipts and the audit trail. docs/decisions/retention.md.
describe.each(storageTargets)('retention on $name', (target) => {
  let t: TestApp;
  const ids = new Map<string, { id: string; reference: string }>();
  /** The campaign clock's instant, for the app and the commands alike (CAMPAIGN_NOW); unset: real time. */
  let campaignNow: string | undefined;
  const clock = fakeClock({ campaign: () => (campaignNow ? Date.parse(campaignNow) : Date.now()) });
  const campaignEnv = (): Record<string, string> => (campaignNow ? { CAMPAIGN_NOW: campaignNow } : {});
  const operator = (...args: string[]) => runOperator(args, t, campaignEnv());
  const yearKeys = () => {
    const dir = path.join(t.dataDir, 'year-keys');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const plan = async (tier: string) =>
    (await operator('retention-plan', '--reference', ids.get(tier)!.reference)).lines[0];
  const secretsOf = (tier: string) => storedSecrets(t, ids.get(tier)!.id);
  /** Everything retention could change, to compare before and after a dry run. */
  const snapshot = async () => ({
    statements: await t.storage.db.selectFrom('statements').selectAll().orderBy('id').execute(),
    claims: await t.storage.db.selectFrom('claims').selectAll().orderBy('id').execute(),
    outbox: await t.storage.db.selectFrom('outbox').selectAll().orderBy('id').execute(),
    marks: await t.storage.db.selectFrom('statement_marks').selectAll().orderBy('statement_id').execute(),
    runs: await t.storage.db.selectFrom('retention_runs').selectAll().execute(),
    receipts: await t.storage.db.selectFrom('retention_receipts').selectAll().execute(),
    audit: await t.storage.db.selectFrom('audit_log').selectAll().orderBy('seq').execute(),
    complaints: await t.storage.db.selectFrom('complaints').selectAll().orderBy('id').execute(),
    sessions: await t.storage.db.selectFrom('staff_sessions').selectAll().orderBy('token_digest').execute(),
    holds: await t.storage.db.selectFrom('retention_holds').selectAll().orderBy('reference').execute(),
    yearKeys: yearKeys(),
  });
  const review = (tier: string, state: 'accepted' | 'rejected', paidAt: string | null = null) =>
    insertFinalReview(t, { id: ids.get(tier)!.id, tier }, state, paidAt);
  const step = (tier: string, name: 'delivered' | 'handed-over', day: string) =>
    t.storage.db
      .insertInto('prize_issue_steps')
      .values({
        id: `${tier}-${name}`,
        statement_id: ids.get(tier)!.id,
        parcel: 1,
        step: name,
        day,
        carrier: null,
        tracking: null,
        source: 'panel',
        recorded_by: 'clerk',
        recorded_at: `${day}T10:00:00.000Z`,
      })
      .execute();

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 10_000 }, clock);
    const hashes = await importLinkHashes(t, winnersFixture);
    const sent = await sendStatements(
      t,
      [
        ['I', 'C0000000001'],
        ['II', 'B0000000005'],
        ['III', 'T0000000003'],
        ['IV', 'Z0000000004'],
        ['VI', 'A1B2C3D4E5F'],
        ['WINTO', 'W0000000002'],
      ],
      hashes,
    );
    for (const [tier, statement] of sent) ids.set(tier, statement);
    // VI (200 zł) paid on 10 Sep 2025; WinTo! (taxed) paid on 15 Dec 2025; the car handed over on 20 Jan 2026;
    // the voucher delivered on 20 Sep 2025; the smartwatch accepted, not issued; the phone rejected for good.
    await review('VI', 'accepted', '2025-09-10T10:00:00.000Z');
    await review('WINTO', 'accepted', '2025-12-15T10:00:00.000Z');
    await review('I', 'accepted');
    await step('I', 'handed-over', '2026-01-20');
    await review('II', 'accepted');
    await step('II', 'delivered', '2025-09-20');
    await review('IV', 'accepted');
    await review('III', 'rejected');
    // A complaint about the phone's claim, not answered yet: it holds the statement.
    const { claim_id } = await t.storage.db
      .selectFrom('statements')
      .select('claim_id')
      .where('id', '=', ids.get('III')!.id)
      .executeTakeFirstOrThrow();
    await t.storage.db
      .insertInto('complaints')
      .values({
        id: 'complaint-1',
        reference: 'ABCD-EFGH',
        channel: 'post',
        received_on: '2026-02-01',
        postmarked_on: null,
        deadline: '2026-02-22',
        shortened: 0,
        late: 0,
        created_at: '2026-02-01T10:00:00.000Z',
        code: 'T0000000003',
        claim_id,
        secrets: encryptBytes(t.statementsKey, Buffer.from('{}'), complaintContext('complaint-1')),
        state: 'open',
      } as never)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives each statement its purge day and why: the issue year, the tax year, the rejection, never', async () => {
    expect(await plan('VI')).toEqual({
      reference: ids.get('VI')!.reference,
      purgeOn: '2031-01-01',
      because: expect.stringContaining('10.09.2025'),
      held: false,
    });
    expect(await plan('WINTO')).toMatchObject({
      purgeOn: '2032-01-01',
      because: expect.stringContaining('podatek od nagrody był należny 20.01.2026'),
    });
    // Stored in 2025, handed over on 20 Jan 2026: kept until the end of 2031.
    expect(await plan('I')).toMatchObject({ purgeOn: '2032-01-01' });
    expect(await plan('II')).toMatchObject({ purgeOn: '2031-01-01' });
    expect(await plan('IV')).toMatchObject({
      purgeOn: null,
      because: expect.stringContaining('nie wydano'),
    });
    expect(await plan('III')).toMatchObject({ purgeOn: '2026-09-05', held: true });
    const unknown = await operator('retention-plan', '--reference', 'XXXX-XXXX');
    expect(unknown).toMatchObject({
      exitCode: 1,
      stderr: 'Błąd: Nie ma oświadczenia o numerze XXXX-XXXX.\n',
    });
  });

  it('a hold by hand is audited and reported', async () => {
    const held = await operator('retention-hold', ids.get('II')!.reference, '--reason', 'kontrola podatkowa');
    expect(held.lines).toEqual([{ reference: ids.get('II')!.reference, held: true }]);
    expect(await plan('II')).toMatchObject({ held: true });
    const entry = await t.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'retention-hold')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ subject: ids.get('II')!.reference, reason: 'kontrola podatkowa' });
    expect((await operator('retention-hold', 'XXXX-XXXX', '--reason', 'sąd')).stderr).toMatch(
      /Nie ma oświadczenia o numerze XXXX-XXXX/,
    );
  });

  it('retention-plan counts per class what is due, held and kept on a day', async () => {
    const lines = (await operator('retention-plan', '--on', '2031-06-01')).lines;
    expect(lines.find((line) => line.class === 'statements')).toEqual({
      class: 'statements',
      due: 1,
      held: 2,
      kept: 3,
    });
  });

  it('a dry run prints what it would do and writes nothing', async () => {
    const before = await snapshot();
    const dry = await operator('retention-run', '--on', '2031-06-01');
    expect(dry.exitCode).toBe(0);
    expect(dry.lines.at(-1)).toEqual({ run: null, purged: expect.any(Number), held: 2 });
    expect(dry.lines.find((line) => line.class === 'statements')).toMatchObject({ due: 1, held: 2 });
    expect(dry.stderr).toMatch(/niczego nie zmieniono/);
    // Issue 51: it says what it would empty, never that it emptied it.
    expect(dry.stderr).toContain('Próba — niczego nie zmieniono: przegląd z dnia 2031-06-01 usunąłby ');
    expect(dry.stderr).toContain('(dziś jest ');
    expect(dry.stderr).not.toMatch(/usunął\b(?!by)/);
    // The keys' hook (a): the statements with a known purge day, each with its year.
    const inProcess = await runRetention(
      { storage: t.storage, clock },
      { day: '2031-06-01', apply: false, actor: OPERATOR },
    );
    expect(inProcess.knownPurgeDays.map(({ reference, year }) => `${reference} ${year}`).sort()).toEqual(
      [
        `${ids.get('I')!.reference} 2032`,
        `${ids.get('II')!.reference} 2031`,
        `${ids.get('III')!.reference} 2026`,
        `${ids.get('VI')!.reference} 2031`,
        `${ids.get('WINTO')!.reference} 2032`,
      ].sort(),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('checks a hold again at the moment of purging', async () => {
    const holds = {
      realNowMs: clock.real(),
      references: new Set<string>(),
      complaintClaims: new Set<string>(),
    };
    const [statements] = RETENTION_POLICIES;
    const record = (await statements!.records(t.storage.db, holds)).find(
      (found) => found.reference === ids.get('VI')!.reference,
    )!;
    expect(record.held).toBe(false);
    await t.storage.db.transaction().execute(async (trx) => {
      await insertHold(trx, { reference: record.reference, reason: 'test', held_by: OPERATOR, held_at: '' });
      expect(await record.purge(trx)).toBe(false);
      await trx.deleteFrom('retention_holds').where('reference', '=', record.reference).execute();
    });
    expect(await secretsOf('VI')).not.toBe('');
  });

  it('refuses an applied run for a day after today (campaign clock) in Polish, changing nothing; a dry run may plan it', async () => {
    const before = await snapshot();
    // Issue 51's case: on 29 November 2026, a run for 2 January 2032 would have emptied the car handed over.
    campaignNow = '2026-11-29T12:00:00+01:00';
    const refused = await operator('retention-run', '--on', '2032-01-02', '--apply');
    expect(refused.exitCode).toBe(1);
    expect(refused.lines).toEqual([]);
    expect(refused.stderr).toBe(
      'Błąd: Nie można usuwać danych z dniem 2.01.2032: to dzień po dzisiejszym (29.11.2026). Usuwa się tylko ' +
        'to, czego termin już minął; niczego nie zmieniono. Co byłoby do usunięcia tego dnia, pokaże próba: ' +
        'retention-run --on 2032-01-02 (bez --apply).\n',
    );
    // The former name too, and a day just after today (the campaign's, not the machine's: 31 May 2031).
    expect((await operator('purge-statements', '--on', '2032-01-02')).exitCode).toBe(1);
    campaignNow = '2031-05-31T23:30:00+02:00';
    const tomorrow = await operator('retention-run', '--on', '2031-06-01', '--apply');
    expect(tomorrow.exitCode).toBe(1);
    expect(tomorrow.stderr).toMatch(
      /^Błąd: Nie można usuwać danych z dniem 1\.06\.2031: to dzień po dzisiejszym \(31\.05\.2031\)/,
    );
    await expect(
      runRetention({ storage: t.storage, clock }, { day: '2031-06-01', apply: true, actor: OPERATOR }),
    ).rejects.toBeInstanceOf(DomainError);
    // A dry run for any day stays allowed: what would go, and from when it may.
    campaignNow = '2026-11-29T12:00:00+01:00';
    const dry = await operator('retention-run', '--on', '2032-01-02');
    expect(dry.exitCode).toBe(0);
    expect(dry.lines.at(-1)).toEqual({ run: null, purged: expect.any(Number), held: 2 });
    expect(dry.stderr).toContain('przegląd z dnia 2032-01-02 usunąłby ');
    expect(dry.stderr).toContain(
      'Usunąć to będzie można dopiero 2032-01-02 (dziś jest 2026-11-29): retention-run --on 2032-01-02 --apply.',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('two servers running on the same day purge once; the car and the held survive; audit-verify passes', async () => {
    // Two servers: two processes on the one database, at once, on the campaign's day after the purge day.
    campaignNow = '2031-06-02T12:00:00+02:00';
    const args = ['retention-run', '--on', '2031-06-01', '--apply'];
    const outcomes = await Promise.all([
      spawnOperator(args, t, campaignEnv()),
      spawnOperator(args, t, campaignEnv()),
    ]);
    expect(
      outcomes.map((outcome) => outcome.exitCode),
      outcomes.map((o) => o.stderr).join('\n'),
    ).toEqual([0, 0]);
    const lines = outcomes.map((outcome) => outcome.lines.at(-1)!);
    expect(new Set(lines.map((line) => line.run)).size).toBe(1);
    expect(lines.filter((line) => line.purged === 0)).toHaveLength(1);
    expect(lines.find((line) => line.purged !== 0)).toMatchObject({ held: 2 });
    expect(outcomes.filter((outcome) => /już wykonano/.test(outcome.stderr))).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => /przegląd z dnia 2031-06-01 usunął /i.test(outcome.stderr)),
    ).toHaveLength(1);
    expect(await secretsOf('VI')).toBe('');
    for (const tier of ['I', 'II', 'III', 'IV', 'WINTO']) expect(await secretsOf(tier)).not.toBe('');
    // The row, its reference and decision stay.
    const row = await t.storage.db
      .selectFrom('statements')
      .innerJoin('reviews', 'reviews.statement_id', 'statements.id')
      .select(['statements.reference', 'statements.image', 'reviews.state', 'reviews.paid_at'])
      .where('statements.id', '=', ids.get('VI')!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      reference: ids.get('VI')!.reference,
      image: null,
      state: 'accepted',
      paid_at: '2025-09-10T10:00:00.000Z',
    });
    const receipts = await t.storage.db.selectFrom('retention_receipts').selectAll().execute();
    expect(receipts.filter((receipt) => receipt.class === 'statements')).toEqual([
      {
        run: expect.any(String),
        class: 'statements',
        reference: ids.get('VI')!.reference,
        day: '2031-01-01',
      },
    ]);
    expect(JSON.stringify(receipts)).not.toMatch(/@|Kowalski|600700800/);
    const entries = await t.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'retention-run')
      .execute();
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.details!)).toMatchObject({ day: '2031-06-01', statements: 1, held: 2 });
    expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
    expect((await operator('audit-verify')).lines).toEqual([{ entries: expect.any(Number), verified: true }]);
    // The command on the same day: nothing twice.
    const again = await operator('retention-run', '--on', '2031-06-01', '--apply');
    expect(again.lines).toEqual([{ run: receipts[0]!.run, purged: 0, held: 2 }]);
    expect(again.stderr).toMatch(/już wykonano/);
  });

  it('once released and answered, the held go the next day, and every key is retired with them', async () => {
    expect((await operator('retention-release', ids.get('II')!.reference)).lines).toEqual([
      { reference: ids.get('II')!.reference, held: false },
    ]);
    await t.storage.db.updateTable('complaints').set({ state: 'answered' }).execute();
    const next = await runRetention(
      { storage: t.storage, clock },
      { day: '2031-06-02', apply: true, actor: OPERATOR },
    );
    expect(next.classes.find((line) => line.class === 'statements')).toMatchObject({ due: 2, held: 0 });
    expect(
      await t.storage.db.selectFrom('seal_keys').select('state').where('state', '=', 'current').execute(),
    ).toEqual([]);
    expect(next.knownPurgeDays.map(({ year }) => year)).toEqual([2032, 2032]);
    expect(await secretsOf('I')).not.toBe('');
    expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
  });
});
