import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { setMeta, WINNERS_VERSION_KEY } from './winners';
import type { ClaimTable, Database, ReserveEntryTable } from './types';

// docs/decisions/review.md#reserve: the reserve entries' SQL: which prize a lost claim was, who is next in
// line for it, and the one transaction that passes it on.

type Db = Kysely<Database> | Transaction<Database>;

/** A claim as passing it on needs it: its statement's review, and its draw record. */
export async function claimForReserve(db: Db, claimId: string) {
  return db
    .selectFrom('claims')
    .leftJoin('statements', 'statements.claim_id', 'claims.id')
    .leftJoin('reviews', 'reviews.statement_id', 'statements.id')
    .leftJoin('draw_winners', 'draw_winners.record_key', 'claims.record_key')
    .where('claims.id', '=', claimId)
    .select([
      'claims.id',
      'claims.record_key',
      'claims.tier',
      'claims.created_at',
      'statements.id as statement_id',
      'reviews.state',
      'reviews.undo_until',
      'draw_winners.draw_name',
      'draw_winners.price',
      'draw_winners.price_rank',
    ])
    .executeTakeFirst();
}

export interface DrawPlace {
  draw_name: string;
  price: string;
  price_rank: number;
}

/** The first reserve entry of a prize that no prize passed to yet. */
export async function nextReserve(db: Db, place: DrawPlace) {
  return db
    .selectFrom('reserve_entries')
    .selectAll()
    .where('draw_name', '=', place.draw_name)
    .where('price', '=', place.price)
    .where('price_rank', '=', place.price_rank)
    .where('promoted_from', 'is', null)
    .orderBy('reserve')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Per claim (of those asked), the reserve entry its prize passed to, and how many unused reserve entries
 * its prize has left.
 */
export async function reserveStates(db: Db, claimIds: readonly string[]) {
  if (claimIds.length === 0) return [];
  return db
    .selectFrom('claims')
    .leftJoin('draw_winners', 'draw_winners.record_key', 'claims.record_key')
    .leftJoin('reserve_entries as passed', 'passed.promoted_from', 'claims.id')
    .where('claims.id', 'in', [...claimIds])
    .select((eb) => [
      'claims.id',
      'passed.code as passed_code',
      'passed.reserve as passed_reserve',
      eb
        .selectFrom('reserve_entries as waiting')
        .select(eb.fn.countAll<string | number>().as('n'))
        .whereRef('waiting.draw_name', '=', 'draw_winners.draw_name')
        .whereRef('waiting.price', '=', 'draw_winners.price')
        .whereRef('waiting.price_rank', '=', 'draw_winners.price_rank')
        .where('waiting.promoted_from', 'is', null)
        .as('waiting'),
    ])
    .execute();
}

/**
 * Passes a lost prize to its reserve entry, in the caller's transaction: the entry takes the claim made for
 * it and is listed in the lost record's place; false when another approver passed it first.
 */
export async function promoteReserve(
  trx: Transaction<Database>,
  lost: { claimId: string; recordKey: string },
  entry: ReserveEntryTable,
  claim: ClaimTable,
): Promise<boolean> {
  const taken = await trx
    .updateTable('reserve_entries')
    // docs/decisions/storage.md#bounded-keys: the e-mail moves to the claim, sealed with the open family's key;
    // the copy the statements key sealed goes ('' holds nothing, as an emptied statement's does).
    .set({ promoted_from: lost.claimId, claim_id: claim.id, promoted_at: claim.created_at, email_sealed: '' })
    .where('record_key', '=', entry.record_key)
    .where('promoted_from', 'is', null)
    .executeTakeFirst();
  if (taken.numUpdatedRows === 0n) return false;
  await trx.insertInto('claims').values(claim).execute();
  await trx
    .insertInto('draw_winners')
    .values({
      record_key: entry.record_key,
      draw_name: entry.draw_name,
      price: entry.price,
      price_rank: entry.price_rank,
      code: entry.code,
      name: entry.name,
      testimonial_id: entry.testimonial_id,
    })
    .execute();
  await trx
    .updateTable('draw_winners')
    .set({ passed_to: entry.record_key })
    .where('record_key', '=', lost.recordKey)
    .execute();
  // A claim that expired without a statement keeps its link's digest: the link takes no statement any more
  // (linkClosed, src/server/claims/claims.ts), and its page can tell the winner why.
  await setMeta(trx, WINNERS_VERSION_KEY, randomUUID());
  return true;
}

/** The reserve entry a claim was made for, if it was (a prize that passed on). */
export async function reserveOfClaim(db: Db, claimId: string) {
  return db
    .selectFrom('reserve_entries')
    .select('reserve')
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
}
