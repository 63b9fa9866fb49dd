import type { Storage } from '../db';
import { anyStatement } from '../db/statements';
import { getMeta, setMeta, setMetaIfAbsent } from '../db/winners';
import { KeyError, keyFingerprint, type LoadedKey } from '../crypto/encryption';
import { markStatements } from '../review/marks';
import { resealColumns } from './sealed-columns';
import { unsealStatement } from './sealed';

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
 * statements (received or rejected) were resealed.
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
  // Every sealed column (sealed-columns.ts) is resealed alike; the statements' marks are made anew with the
  // key (review/marks.ts).
  const resealed = await resealColumns(db, loaded.key, keys);
  await markStatements(db, loaded.key, keys);
  return (resealed.get('statements') ?? 0) + (resealed.get('rejected_statements') ?? 0);
}
