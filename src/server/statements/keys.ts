import type { Storage } from '../db';
import { openClaimEmail, sealClaimEmail } from '../claims/claims';
import { claimEmailsToReseal, writeClaimEmail } from '../db/claims';
import { outboxToReseal, resealWaiting } from '../db/outbox';
import { openOrder, sealOrder } from '../mail/orders';
import { anyStatement, readSealed, statementsToReseal, writeSealed } from '../db/statements';
import { getMeta, setMeta, setMetaIfAbsent } from '../db/winners';
import { KeyError, keyFingerprint, sealedPrefix, type LoadedKey } from '../crypto/encryption';
import { markStatements } from '../review/marks';
import { openNote, sealNote } from '../review/view';
import { reviewNotesToReseal, writeReviewNotes } from '../db/reviews';
import { reserveEmailsToReseal, writeReserveEmail } from '../db/reserves';
import { resealStatement, unsealStatement } from './sealed';

// docs/decisions/storage.md#statements-key: the database keeps the fingerprint of the key that seals its
// statements. A server or an operator command started with another key would seal new statements with it and
// fail to open the old ones: it refuses to start instead, saying which setting to fix.
const FINGERPRINT_KEY = 'statements_key_fingerprint';

function mismatch(loaded: LoadedKey): KeyError {
  return new KeyError(
    `${loaded.source} nie pasuje do klucza, którym zaszyfrowano zapisane oświadczenia. Ustaw STATEMENTS_KEY ` +
      'na ten sam klucz co przy pierwszym starcie (zmiana klucza: README, „Zmiana klucza”).',
  );
}

/**
 * Checks the key against the database's fingerprint (recording it on first use), then reseals with it
 * whatever an older key (STATEMENTS_PREVIOUS_KEYS, during a rotation) or no key sealed. Returns how many
 * statements were resealed.
 */
export async function prepareStatementsKey({ db }: Storage, loaded: LoadedKey): Promise<number> {
  const fingerprint = keyFingerprint(loaded.key);
  const stored = await getMeta(db, FINGERPRINT_KEY);
  if (stored === undefined) {
    // A database from before fingerprints: the key must open what it holds.
    const sample = await anyStatement(db);
    if (sample) {
      try {
        unsealStatement([loaded.key, ...loaded.previous], sample.claim_id, sample);
      } catch {
        throw mismatch(loaded);
      }
    }
    if ((await setMetaIfAbsent(db, FINGERPRINT_KEY, fingerprint)) !== fingerprint) throw mismatch(loaded);
  } else if (stored !== fingerprint) {
    // A rotation: the database's key must be among the previous ones, so nothing sealed becomes unreadable.
    if (!loaded.previous.some((key) => keyFingerprint(key) === stored)) throw mismatch(loaded);
    await setMeta(db, FINGERPRINT_KEY, fingerprint);
  }
  const keys = [loaded.key, ...loaded.previous];
  const stale = await statementsToReseal(db, sealedPrefix(loaded.key));
  for (const { state, id, claim_id } of stale) {
    const row = await readSealed(db, state, id);
    await writeSealed(
      db,
      state,
      id,
      resealStatement(keys, loaded.key, claim_id, { ...row, open: row.payload }),
    );
  }
  // The mail waiting to be sent, the claims' and reserve entries' e-mails and the review notes are sealed
  // with the same key: resealed alike; the statements' marks are made anew with it (review/marks.ts).
  for (const { id, sealed } of await outboxToReseal(db, sealedPrefix(loaded.key))) {
    await resealWaiting(db, id, sealOrder(loaded.key, id, openOrder(keys, id, sealed!)));
  }
  for (const claim of await claimEmailsToReseal(db, sealedPrefix(loaded.key))) {
    const email = openClaimEmail(keys, claim.record_key, claim.email_sealed!);
    await writeClaimEmail(db, claim.id, sealClaimEmail(loaded.key, claim.record_key, email));
  }
  for (const row of await reviewNotesToReseal(db, sealedPrefix(loaded.key))) {
    const reseal = (which: 'note' | 'approval', sealed: string | null) =>
      sealNote(loaded.key, row.statement_id, which, openNote(keys, row.statement_id, which, sealed));
    await writeReviewNotes(db, row.statement_id, {
      note: reseal('note', row.note),
      approval_note: reseal('approval', row.approval_note),
    });
  }
  for (const entry of await reserveEmailsToReseal(db, sealedPrefix(loaded.key))) {
    const email = openClaimEmail(keys, entry.record_key, entry.email_sealed);
    await writeReserveEmail(db, entry.record_key, sealClaimEmail(loaded.key, entry.record_key, email));
  }
  await markStatements(db, loaded.key, keys);
  return stale.length;
}
