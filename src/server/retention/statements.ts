import { campaign, prizeValue, type PrizeKey } from '#shared/campaign.ts';
import { purgeDayOf, type PurgeDay, type RetentionBasis } from '#shared/retention-dates.ts';
import { formatPolishDate, warsawDate } from '#shared/warsaw-time.ts';
import { rejectedForGood, undoOpen } from '../claims/prize-lost';
import type { AcceptedPrize } from '../db/issues';
import { issueSteps } from '../db/issues';
import { retentionStatements, type StatementTableName } from '../db/retention';
import { PURGED } from '../db/statements';
import type { AppDeps } from '../deps';
import { issueOf } from '../issue/state';

// docs/decisions/retention.md#statements: each statement's purge day, from its prize's issue (src/server/issue),
// its tax, or its final rejection, by the one rule of src/shared/retention-dates.ts.

type Db = AppDeps['storage']['db'];

/** A statement and its purge day, as retention reads it. */
export interface StatementRetention {
  table: StatementTableName;
  id: string;
  claimId: string;
  /** What the winner quotes; the id for a statement from before references (the receipts name it so). */
  reference: string;
  /** Already emptied by a run (or by the purge before retention). */
  emptied: boolean;
  day: PurgeDay;
  /** Why, in Polish (retention-plan --reference). */
  because: string;
}

/** A statement whose purge day is known, and that day's year: its values are sealed with that year's key. */
export interface StatementPurgeYear {
  table: StatementTableName;
  id: string;
  reference: string;
  purgeOn: string;
  year: number;
}

const dayOf = (iso: string) => warsawDate(Date.parse(iso));
const yearOf = (day: string) => Number(day.slice(0, 4));

function because(day: PurgeDay, pending: string): string {
  if (day.purgeOn === null) return pending;
  const since = formatPolishDate(day.since!);
  const year = yearOf(day.since!);
  switch (day.rule) {
    case 'issue':
      return `nagrodę wydano (wypłacono) ${since}: dane przechowuje się 5 lat od końca roku ${year} (regulamin, ustawa o grach hazardowych)`;
    case 'tax':
      return `podatek od nagrody był należny ${since}: dane przechowuje się 5 lat od końca roku ${year} (Ordynacja podatkowa)`;
    default:
      return `nagrody nie wydano: roszczenia przedawniają się 6 miesięcy po ${since} (późniejszy z dni: ostateczna decyzja, koniec loterii)`;
  }
}

type ReceivedRow = Awaited<ReturnType<typeof retentionStatements>>['received'][number];

/** What a received statement's purge day counts from, as of the real clock's `realNowMs`. */
function basisOf(
  row: ReceivedRow,
  steps: Awaited<ReturnType<typeof issueSteps>>,
  realNowMs: number,
): { basis: RetentionBasis; pending: string } {
  if (row.state === 'rejected' && rejectedForGood(row, realNowMs))
    // The rejection's day is the final decision's, on the campaign clock (its undo window is real time).
    return { basis: { kind: 'never-issued', endedOn: dayOf(row.final_at!) }, pending: '' };
  if (row.state !== 'accepted' || row.final_at === null || undoOpen(row, realNowMs))
    return {
      basis: { kind: 'pending' },
      pending:
        'oświadczenie nie ma jeszcze ostatecznej decyzji: termin liczy się od wydania nagrody albo odrzucenia',
    };
  const issue = issueOf(row as AcceptedPrize, steps);
  if (issue.issuedOn === null)
    return {
      basis: { kind: 'pending' },
      pending: 'nagrody jeszcze nie wydano: termin liczy się od dnia jej wydania (wypłaty)',
    };
  const taxed = prizeValue(row.prize as PrizeKey).taxed;
  return { basis: { kind: 'issued', issuedOn: issue.issuedOn, taxed }, pending: '' };
}

/** A statement's row as retention lists it, with the basis of its purge day. */
function entry(
  table: StatementTableName,
  row: { id: string; claim_id: string; reference: string | null; secrets: string },
  { basis, pending }: { basis: RetentionBasis; pending: string },
): StatementRetention {
  const day = purgeDayOf(basis, campaign);
  return {
    table,
    id: row.id,
    claimId: row.claim_id,
    reference: row.reference ?? row.id,
    emptied: row.secrets === PURGED,
    day,
    because: because(day, pending),
  };
}

/** Every statement, received and rejected, with its purge day and why. */
export async function statementRetention(db: Db, realNowMs: number): Promise<StatementRetention[]> {
  const { received, rejected } = await retentionStatements(db);
  const steps = await issueSteps(db);
  return [
    ...received.map((row) => entry('statements', row, basisOf(row, steps, realNowMs))),
    // docs/decisions/claims.md#claims: a statement the operator rejected (sent by someone else) was never issued.
    ...rejected.map((row) =>
      entry('rejected_statements', row, {
        basis: { kind: 'never-issued', endedOn: dayOf(row.rejected_at) },
        pending: '',
      }),
    ),
  ];
}

const purgeYearOf = (statement: StatementRetention): StatementPurgeYear => ({
  table: statement.table,
  id: statement.id,
  reference: statement.reference,
  purgeOn: statement.day.purgeOn!,
  year: yearOf(statement.day.purgeOn!),
});

/**
 * Keys hook (a), docs/decisions/retention.md#keys: the statements not emptied yet whose purge day is known (the
 * prize issued or paid, or the rejection final), each with the year of that day: their sealed values belong
 * under that year's key.
 */
export async function statementsWithKnownPurgeDay(db: Db, realNowMs: number): Promise<StatementPurgeYear[]> {
  return (await statementRetention(db, realNowMs))
    .filter((statement) => !statement.emptied && statement.day.purgeOn !== null)
    .map(purgeYearOf);
}
