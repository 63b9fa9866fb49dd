import type { Storage } from '../db';
import { anyStatement } from '../db/statements';
import { getMeta, setMeta, setMetaIfAbsent } from '../db/winners';
import { KeyError, keyFingerprint, sealedFamily, type LoadedKey } from '../crypto/encryption';
import { finishRetiredKeys, recordKeyFiles, sealOpenFromStart } from './period-keys';
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
export async function prepareStatementsKey(storage: Storage, loaded: LoadedKey): Promise<number> {
  const { db } = storage;
  const fingerprint = keyFingerprint(loaded.key);
  const stored = await getMeta(db, FINGERPRINT_KEY);
  if (stored === undefined) {
    // A database from before fingerprints: the key must open what it holds.
    // A statement the open family's key sealed needs no statements key (docs/decisions/storage.md#bounded-keys).
    const sample = await anyStatement(db);
    if (sample && sealedFamily(sample.secrets) === undefined) {
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
  // Every sealed column (sealed-columns.ts) is resealed alike: a statement's values with the open family's key
  // (docs/decisions/storage.md#bounded-keys), the others with the statements key; the statements' marks are
  // made with the open family's key (review/marks.ts).
  await resealColumns(storage.db, loaded.key, keys);
  await recordKeyFiles(storage);
  const resealed = await sealOpenFromStart({ storage, keys });
  // A retention run stopped after its commit left its keys retired: they are finished now, not at the next run.
  await finishRetiredKeys({ storage, keys });
  return (resealed.get('statements') ?? 0) + (resealed.get('rejected_statements') ?? 0);
}
