import { randomUUID } from 'node:crypto';
import { isDue } from '#shared/retention-dates.ts';
import { formatPolishDate, warsawDate } from '#shared/warsaw-time.ts';
import { isoAt } from '../clock';
import type { AppDeps } from '../deps';
import { DomainError } from '../domain-errors';
import {
  claimRunDay,
  claimsWithOpenComplaint,
  deleteHold,
  finishRun,
  handHolds,
  insertHold,
  insertReceipts,
  runOfDay,
  statementWithReference,
} from '../db/retention';
import type { RetentionReceiptTable } from '../db/types';
import { retireAllCurrent } from '../db/seal-keys';
import { appendAudit } from '../staff/audit';
import { RETENTION_POLICIES, type HoldsNow } from './policies';
import { statementRetention, statementsWithKnownPurgeDay, type StatementPurgeYear } from './statements';

// docs/decisions/retention.md: the plan (what is due on a day, and why), the run that empties it once a day
// across servers, and the holds set by hand.

type Deps = Pick<AppDeps, 'storage' | 'clock'>;
type Db = AppDeps['storage']['db'];

/** retention-plan's line per class, as of a day: due, due but held, kept (not due yet, or never while so). */
export interface ClassPlan {
  class: string;
  due: number;
  held: number;
  kept: number;
}

export interface RunOutcome {
  /** The run's id; null for a dry run. */
  run: string | null;
  day: string;
  /** Emptied or deleted (a dry run: would be). */
  purged: number;
  /** Due, but kept by a hold. */
  held: number;
  /** The day had been run already (another server, an earlier run): nothing was purged now. */
  already: boolean;
  classes: ClassPlan[];
  /**
   * Keys hook (a), `statementsWithKnownPurgeDay`: the statements left with a known purge day, each with its
   * year (to be sealed with that year's key). After an applied run, those it did not empty.
   */
  knownPurgeDays: StatementPurgeYear[];
}

async function holdsNow(db: Db, realNowMs: number): Promise<HoldsNow> {
  return {
    realNowMs,
    references: new Set((await handHolds(db)).map((hold) => hold.reference)),
    complaintClaims: await claimsWithOpenComplaint(db),
  };
}

/** Per class of the table of policies, what is due on `day` (retention-plan). Changes nothing. */
export async function retentionPlan(deps: Deps, day: string): Promise<ClassPlan[]> {
  const holds = await holdsNow(deps.storage.db, deps.clock.real());
  const plan: ClassPlan[] = [];
  for (const policy of RETENTION_POLICIES) {
    const records = await policy.records(deps.storage.db, holds);
    const due = records.filter((record) => isDue(record.purgeOn, day));
    const held = due.filter((record) => record.held).length;
    plan.push({ class: policy.class, due: due.length - held, held, kept: records.length - due.length });
  }
  return plan;
}

/** One statement's purge day, why, and whether it is held (retention-plan --reference). */
export async function statementPlan(deps: Deps, reference: string) {
  const realNowMs = deps.clock.real();
  const statement = (await statementRetention(deps.storage.db, realNowMs)).find(
    (known) => known.reference === reference,
  );
  if (!statement) throw new DomainError('not-found', `Nie ma oświadczenia o numerze ${reference}.`);
  const holds = await holdsNow(deps.storage.db, realNowMs);
  return {
    reference,
    purgeOn: statement.day.purgeOn,
    because: statement.emptied ? 'dane oświadczenia już usunięto' : statement.because,
    held: holds.references.has(reference) || holds.complaintClaims.has(statement.claimId),
  };
}

const sum = (plan: ClassPlan[], key: 'due' | 'held') => plan.reduce((total, line) => total + line[key], 0);

/**
 * Issue 51: a day after today (the campaign clock's Warsaw day) is not a purge day. What is due on it may be
 * planned (a dry run), never emptied ahead of time: a prize handed over today would lose its records.
 */
function refuseFutureDay(day: string, campaignNowMs: number) {
  const today = warsawDate(campaignNowMs);
  if (day > today)
    throw new DomainError(
      'invalid',
      `Nie można usuwać danych z dniem ${formatPolishDate(day)}: to dzień po dzisiejszym (${formatPolishDate(today)}). ` +
        'Usuwa się tylko to, czego termin już minął; niczego nie zmieniono. Co byłoby do usunięcia tego dnia, ' +
        `pokaże próba: retention-run --on ${day} (bez --apply).`,
    );
}

/**
 * retention-run: without `apply`, what would be emptied on `day` (any day), changing nothing. With it, for
 * today or a day before it on the campaign clock (a later day is refused, changing nothing), in one
 * transaction: the day's row (a day already run purges nothing), each due record emptied unless held at that
 * moment, a receipt per record, one audit entry.
 */
export async function runRetention(
  deps: Deps,
  request: { day: string; apply: boolean; actor: string },
): Promise<RunOutcome> {
  const { storage, clock } = deps;
  const { day } = request;
  if (!request.apply) {
    const classes = await retentionPlan(deps, day);
    return {
      run: null,
      day,
      purged: sum(classes, 'due'),
      held: sum(classes, 'held'),
      already: false,
      classes,
      knownPurgeDays: await statementsWithKnownPurgeDay(storage.db, clock.real()),
    };
  }
  refuseFutureDay(day, clock.campaign());
  return storage.db.transaction().execute(async (trx) => {
    const run = randomUUID();
    const realNowMs = clock.real();
    const claimed = await claimRunDay(trx, { day, run, purged: 0, held: 0, ran_at: isoAt(clock.campaign()) });
    if (!claimed) {
      const earlier = (await runOfDay(trx, day))!;
      return {
        run: earlier.run,
        day,
        purged: 0,
        held: earlier.held,
        already: true,
        classes: [],
        knownPurgeDays: [],
      };
    }
    const holds = await holdsNow(trx, realNowMs);
    const receipts: RetentionReceiptTable[] = [];
    const classes: ClassPlan[] = [];
    for (const policy of RETENTION_POLICIES) {
      const records = await policy.records(trx, holds);
      const line = { class: policy.class, due: 0, held: 0, kept: 0 };
      for (const record of records) {
        if (!isDue(record.purgeOn, day)) line.kept += 1;
        // The hold is checked again by the purge itself, at this moment (docs/decisions/retention.md#holds).
        else if (record.held || !(await record.purge(trx))) line.held += 1;
        else {
          line.due += 1;
          receipts.push({ run, class: policy.class, reference: record.reference, day: record.purgeOn! });
        }
      }
      classes.push(line);
    }
    const purged = sum(classes, 'due');
    const held = sum(classes, 'held');
    await insertReceipts(trx, receipts);
    await finishRun(trx, day, { purged, held });
    // docs/decisions/storage.md#bounded-keys: with what it emptied, every key that could have sealed it is
    // retired in the same commit; retention/with-keys.ts destroys them once what they still seal has a new key.
    if (purged > 0) await retireAllCurrent(trx, isoAt(realNowMs));
    await appendAudit(trx, storage, clock, {
      actor: request.actor,
      action: 'retention-run',
      subject: run,
      details: { day, purged, held, ...Object.fromEntries(classes.map((line) => [line.class, line.due])) },
    });
    return {
      run,
      day,
      purged,
      held,
      already: false,
      classes,
      knownPurgeDays: await statementsWithKnownPurgeDay(trx, realNowMs),
    };
  });
}

/** retention-hold: keeps a statement past its purge day, with a reason (a tax audit, a court case), audited. */
export async function holdStatement(
  deps: Deps,
  request: { reference: string; reason: string; actor: string },
): Promise<{ reference: string; held: boolean }> {
  const reason = request.reason.trim();
  if (reason === '') throw new DomainError('invalid', 'Podaj powód wstrzymania (--reason "…").');
  return deps.storage.db.transaction().execute(async (trx) => {
    if (!(await statementWithReference(trx, request.reference)))
      throw new DomainError('not-found', `Nie ma oświadczenia o numerze ${request.reference}.`);
    const added = await insertHold(trx, {
      reference: request.reference,
      reason,
      held_by: request.actor,
      held_at: isoAt(deps.clock.real()),
    });
    if (added)
      await appendAudit(trx, deps.storage, deps.clock, {
        actor: request.actor,
        action: 'retention-hold',
        subject: request.reference,
        reason,
      });
    return { reference: request.reference, held: true };
  });
}

/** retention-release: ends a hold set by hand, audited; a complaint's hold ends with its answer. */
export async function releaseStatement(
  deps: Deps,
  request: { reference: string; actor: string },
): Promise<{ reference: string; held: boolean }> {
  return deps.storage.db.transaction().execute(async (trx) => {
    if (!(await deleteHold(trx, request.reference)))
      throw new DomainError('not-found', `Oświadczenie ${request.reference} nie jest wstrzymane.`);
    await appendAudit(trx, deps.storage, deps.clock, {
      actor: request.actor,
      action: 'retention-release',
      subject: request.reference,
    });
    return { reference: request.reference, held: false };
  });
}
