import { MARKED_FIELDS } from '#shared/statement/payload.ts';
import type { MarkKind } from '#shared/statement/payload-rows.ts';
import type { Storage } from '../db';
import { deleteStrayMarks, replaceMarks, statementsWithoutMarks } from '../db/reviews';
import type { StatementMarkTable } from '../db/types';
import { keyId } from '../crypto/encryption';
import { contactDigest } from '../crypto/secrets';
import { YearKeyDestroyedError } from '../crypto/year-key-files';
import { unsealStatement } from '../statements/sealed';

// docs/decisions/review.md#findings: a statement is sealed, so "the same PESEL on another claim's statement"
// is found through keyed digests of its numbers, made when it is stored.

/** What the review names each mark as. */
export const MARK_FIELD: Record<MarkKind, string> = Object.fromEntries(
  MARKED_FIELDS.map(([field, kind]) => [kind, field]),
) as Record<MarkKind, string>;

/** A statement's marks; one of kind `none` when it has no such number (so it is not marked again). */
export function statementMarks(
  key: Buffer,
  statement: { id: string; claimId: string },
  payload: Record<string, unknown>,
): StatementMarkTable[] {
  const mark = (kind: string, digest: string) => ({
    statement_id: statement.id,
    claim_id: statement.claimId,
    kind,
    digest,
    key_id: keyId(key),
  });
  const marks = MARKED_FIELDS.flatMap(([field, kind]) => {
    const value = payload[field];
    return typeof value === 'string' && value.trim() !== ''
      ? [mark(kind, contactDigest(key, kind, value))]
      : [];
  });
  return marks.length > 0 ? marks : [mark('none', '')];
}

/**
 * Marks the statements stored before marks existed, and marks anew those marked with a previous key (a
 * rotation): run with the key check on start. Returns how many were marked.
 */
export async function markStatements(
  db: Storage['db'],
  key: Buffer,
  keys: readonly Buffer[],
): Promise<number> {
  await deleteStrayMarks(db);
  const unmarked = await statementsWithoutMarks(db, keyId(key));
  let marked = 0;
  for (const row of unmarked) {
    let payload: Record<string, unknown>;
    try {
      payload = unsealStatement(keys, row.claim_id, row);
    } catch (error) {
      // A copy of the database from before a purge: its key destroyed, its statement has nothing to mark.
      if (error instanceof YearKeyDestroyedError) continue;
      throw error;
    }
    await replaceMarks(db, row.id, statementMarks(key, { id: row.id, claimId: row.claim_id }, payload));
    marked += 1;
  }
  return marked;
}
