import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YearKeyDestroyedError } from '#server/crypto/year-key-files.ts';
import { sealerFor } from '#server/statements/period-keys.ts';
import complaintTexts from '#content/complaints.json';
import { openComplaint } from '#server/complaints/desk.ts';
import { complaintContext } from '#server/complaints/sealed.ts';
import { decryptText, type LoadedKey } from '#server/crypto/encryption.ts';
import { insertHold } from '#server/db/retention.ts';
import type { AppDeps } from '#server/deps.ts';
import { DomainError } from '#server/domain-errors.ts';
import { RETENTION_POLICIES } from '#server/retention/policies.ts';
import { prepareStatementsKey } from '#server/statements/keys.ts';
import { OPERATOR } from '#server/staff/audit.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { sendStatements } from '../helpers/panel';
import { insertFinalReview } from '../helpers/retention-rows';
import { storageTargets } from '../helpers/storage-targets';
import { importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

// Issue 51, docs/decisions/retention.md#complaints: complaints (name, address, e-mail, their texts) are a class
// of their own: an answered one is emptied 6 months after its answer (not before the lottery's end) and not
// before the records of the claim it concerns; an unanswered one never.
describe.each(storageTargets)('complaints in retention on $name', (target) => {
  let t: TestApp;
  const ids = new Map<string, { id: string; reference: string; claimId: string }>();
  const clock = fakeClock();
  const on = (day: string) => ({ CAMPAIGN_NOW: `${day}T12:00:00+02:00` });
  const operator = (args: string[], day: string) => runOperator(args, t, on(day));
  const planOf = async (day: string) =>
    (await operator(['retention-plan', '--on', day], day)).lines.find((line) => line.class === 'complaints');
  const secretsOf = async (id: string) =>
    (
      await t.storage.db
        .selectFrom('complaints')
        .select('secrets')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).secrets;

  /** A complaint with a sealed text (as the desk seals it), answered at `answeredAt` when given. */
  const complaint = async (
    id: string,
    reference: string,
    {
      claimId = null,
      answeredAt = null,
      state = answeredAt ? 'answered' : 'open',
    }: {
      claimId?: string | null;
      answeredAt?: string | null;
      state?: 'open' | 'decided' | 'answered';
    },
  ) =>
    t.storage.db
      .insertInto('complaints')
      .values({
        id,
        reference,
        channel: 'post',
        received_on: '2026-02-01',
        postmarked_on: null,
        deadline: '2026-02-22',
        shortened: 0,
        late: 0,
        created_at: '2026-02-01T10:00:00.000Z',
        code: null,
        claim_id: claimId,
        secrets: (await sealerFor(t.storage, 'open')).seal(
          Buffer.from(JSON.stringify({ name: 'Jan', surname: 'Kowalski', email: 'jan@example.pl' })),
          complaintContext(id),
        ),
        state,
        decision: state === 'open' ? null : 'rejected',
        reason: state === 'open' ? null : 'late',
        answered_at: answeredAt,
        answered_by: answeredAt ? 'komisja' : null,
        answer_channel: answeredAt ? 'post' : null,
        letter_number: answeredAt ? 'RR123' : null,
        letter_day: answeredAt ? answeredAt.slice(0, 10) : null,
      } as never)
      .execute();

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 10_000 }, clock);
    const hashes = await importLinkHashes(t, winnersFixture);
    const sent = await sendStatements(
      t,
      [
        ['VI', 'A1B2C3D4E5F'],
        ['IV', 'Z0000000004'],
        ['WINTO', 'W0000000002'],
      ],
      hashes,
    );
    for (const [tier, statement] of sent) {
      const { claim_id } = await t.storage.db
        .selectFrom('statements')
        .select('claim_id')
        .where('id', '=', statement.id)
        .executeTakeFirstOrThrow();
      ids.set(tier, { ...statement, claimId: claim_id });
    }
    // VI (200 zł) paid on 10 Sep 2025: its statement is kept until 2031-01-01. IV accepted, not issued yet.
    // WinTo! paid on 10 Sep 2025 too (its tax due in October 2025), and held by hand (a court case).
    await insertFinalReview(t, { id: ids.get('VI')!.id, tier: 'VI' }, 'accepted', '2025-09-10T10:00:00.000Z');
    await insertFinalReview(t, { id: ids.get('IV')!.id, tier: 'IV' }, 'accepted');
    await insertFinalReview(
      t,
      { id: ids.get('WINTO')!.id, tier: 'WINTO' },
      'accepted',
      '2025-09-10T10:00:00.000Z',
    );
    await t.storage.db
      .insertInto('retention_holds')
      .values({ reference: ids.get('WINTO')!.reference, reason: 'sąd', held_by: 'operator', held_at: '' })
      .execute();

    await complaint('open', 'REKL-0001', {});
    await complaint('decided', 'REKL-0002', { state: 'decided' });
    // Answered during the lottery, about no claim: 6 months after the lottery's end (4 Mar 2026).
    await complaint('early', 'REKL-0003', { answeredAt: '2026-02-20T10:00:00.000Z' });
    // Late, answered after the lottery's end: 6 months after the answer.
    await complaint('late', 'REKL-0004', { answeredAt: '2026-04-10T10:00:00.000Z' });
    // About a prize issued: kept with its statement, until 2031-01-01.
    await complaint('issued', 'REKL-0005', {
      answeredAt: '2026-02-10T10:00:00.000Z',
      claimId: ids.get('VI')!.claimId,
    });
    // About a prize accepted and not issued yet: the claim is still live.
    await complaint('pending', 'REKL-0006', {
      answeredAt: '2026-02-10T10:00:00.000Z',
      claimId: ids.get('IV')!.claimId,
    });
    // About the held statement's claim: held with it.
    await complaint('held', 'REKL-0007', {
      answeredAt: '2026-02-10T10:00:00.000Z',
      claimId: ids.get('WINTO')!.claimId,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('retention-plan lists the complaints class, and counts by the answer, the lottery end and the claim', async () => {
    const plan = await operator(['retention-plan', '--on', '2026-09-04'], '2026-09-04');
    expect(plan.lines.map((line) => line.class)).toContain('complaints');
    // Each class with its period, for the person, on stderr.
    expect(plan.stderr).toContain(
      'complaints: 6 miesięcy od odpowiedzi na reklamację, nie wcześniej niż od końca loterii',
    );
    expect(plan.stderr).toMatch(/^statements: 5 lat od końca roku wydania/m);
    expect(await planOf('2026-09-04')).toEqual({ class: 'complaints', due: 0, held: 0, kept: 7 });
    expect(await planOf('2026-09-05')).toEqual({ class: 'complaints', due: 1, held: 0, kept: 6 });
    expect(await planOf('2026-10-11')).toEqual({ class: 'complaints', due: 2, held: 0, kept: 5 });
    expect(await planOf('2031-01-01')).toEqual({ class: 'complaints', due: 3, held: 1, kept: 3 });
  });

  it('the run empties the answered ones whose day came, with a receipt each and no personal data', async () => {
    // What a backup taken before the run holds of it: no key that remains opens it after the run.
    const backedUp = await secretsOf('early');
    const run = await operator(['retention-run', '--on', '2026-10-11', '--apply'], '2026-10-11');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(await secretsOf('early')).toBe('');
    expect(() => decryptText([t.statementsKey], backedUp, complaintContext('early'))).toThrow(
      YearKeyDestroyedError,
    );
    expect(await secretsOf('late')).toBe('');
    for (const id of ['open', 'decided', 'issued', 'pending', 'held'])
      expect(await secretsOf(id)).not.toBe('');
    const receipts = await t.storage.db
      .selectFrom('retention_receipts')
      .select(['class', 'reference', 'day'])
      .where('class', '=', 'complaints')
      .orderBy('reference')
      .execute();
    expect(receipts).toEqual([
      { class: 'complaints', reference: 'REKL-0003', day: '2026-09-05' },
      { class: 'complaints', reference: 'REKL-0004', day: '2026-10-11' },
    ]);
    expect(JSON.stringify(receipts)).not.toMatch(/Kowalski|@/);
    const entry = await t.storage.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'retention-run')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details!)).toMatchObject({ complaints: 2 });
    // The row, its reference, decision and answer stay for the protocol.
    const row = await t.storage.db
      .selectFrom('complaints')
      .selectAll()
      .where('id', '=', 'early')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reference: 'REKL-0003', state: 'answered', decision: 'rejected' });
    // The desk refuses to show an emptied complaint, in Polish, rather than failing on its empty seal.
    const deps = { storage: t.storage, clock, statementsKey: t.statementsKey } as unknown as AppDeps;
    await expect(openComplaint(deps, 'staff', 'early')).rejects.toEqual(
      new DomainError('conflict', complaintTexts.messages.purged),
    );
  });

  it('checks at the moment of purging that the complaint is answered and nothing holds it', async () => {
    const holds = {
      realNowMs: clock.real(),
      references: new Set<string>(),
      complaintClaims: new Set<string>(),
    };
    const policy = RETENTION_POLICIES.find((found) => found.class === 'complaints')!;
    const records = await policy.records(t.storage.db, holds);
    const issued = records.find((record) => record.reference === 'REKL-0005')!;
    const open = records.find((record) => record.reference === 'REKL-0001')!;
    expect(open.purgeOn).toBeNull();
    await t.storage.db.transaction().execute(async (trx) => {
      expect(await open.purge(trx)).toBe(false);
      // A hand hold on the complaint's own reference.
      await insertHold(trx, { reference: 'REKL-0005', reason: 'sąd', held_by: OPERATOR, held_at: '' });
      expect(await issued.purge(trx)).toBe(false);
      await trx.deleteFrom('retention_holds').where('reference', '=', 'REKL-0005').execute();
      // Another complaint about the same claim, not answered yet.
      await trx
        .updateTable('complaints')
        .set({ claim_id: ids.get('VI')!.claimId })
        .where('id', '=', 'open')
        .execute();
      expect(await issued.purge(trx)).toBe(false);
      await trx.updateTable('complaints').set({ claim_id: null }).where('id', '=', 'open').execute();
    });
    expect(await secretsOf('issued')).not.toBe('');
  });

  it('an open complaint is never due, a held claim keeps its complaint, and the issued one goes with its statement', async () => {
    const run = await operator(['retention-run', '--on', '2031-01-01', '--apply'], '2031-01-01');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(await secretsOf('issued')).toBe('');
    for (const id of ['open', 'decided', 'pending', 'held']) expect(await secretsOf(id)).not.toBe('');
    expect(run.lines.at(-1)).toMatchObject({ held: 2 });
  });

  it('a key rotation passes an emptied complaint by and leaves the kept ones with their family’s key', async () => {
    const newKey = randomBytes(32);
    const rotation: LoadedKey = { key: newKey, previous: [t.statementsKey], source: 'STATEMENTS_KEY' };
    await prepareStatementsKey(t.storage, rotation);
    expect(await secretsOf('early')).toBe('');
    const kept = await secretsOf('open');
    expect(kept).toMatch(/^open\./);
    expect(decryptText([newKey], kept, complaintContext('open'))).toContain('Kowalski');
  });
});
