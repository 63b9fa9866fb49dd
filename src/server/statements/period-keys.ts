import type { Storage } from '../db';
import type { Database } from '../db/types';
import { isoAt, realTime } from '../clock';
import {
  encryptBytesForFamily,
  familySealedPrefix,
  KeyError,
  sealedFamily,
  type KeyFamily,
  type Sealer,
} from '../crypto/encryption';
import {
  eraseKeyFile,
  keyFileDestroyed,
  keyFileExists,
  keyFileOf,
  keyFilesIn,
  makeKeyFile,
} from '../crypto/year-key-files';
import { addSealKey, familiesWith, markDestroyed, sealKeyIsCurrent, sealKeysIn } from '../db/seal-keys';
import { marksKeyedWith } from '../db/reviews';
import { markStatements } from '../review/marks';
import {
  BOUNDED_TABLES,
  resealRowOf,
  rowsNotInFamilies,
  rowsOfPrefix,
  rowsSealedWithPrefix,
} from './sealed-columns';

// docs/decisions/storage.md#bounded-keys: what a statement's purge empties (its fields and photo, its claim's
// e-mail, its review's notes, its marks) is sealed from the start with a key whose end is bounded: the open
// family's while its purge day is not known, its purge year's once it is. A run that empties something
// retires every key in its commit and destroys them once what they still seal is sealed anew, so no key that
// remains opens any copy of what the run emptied, whenever the copy was made.

/** A storage and the statements key (with its previous ones): what opens values sealed before families. */
export type { Sealer };

export interface PeriodKeys {
  storage: Storage;
  keys: readonly Buffer[];
}

/** The sealer's key was retired between taking it and storing what it sealed: seal again with the current one. */
export class SealKeyRetiredError extends Error {
  constructor() {
    super('seal key retired meanwhile');
    this.name = 'SealKeyRetiredError';
  }
}

const sealerOf = (family: KeyFamily, id: string, key: Buffer): Sealer => ({
  family,
  id,
  key,
  seal: (plain, context) => encryptBytesForFamily(key, family, plain, context),
});

/** Each folder's and family's last current key, by "<folder>/<family>". */
const lastSealer = new Map<string, Sealer>();

/** The family's current key, made (a file first, then its row) when it has none. */
export async function sealerFor(
  { db, keysDir }: Pick<Storage, 'db' | 'keysDir'>,
  family: KeyFamily,
): Promise<Sealer> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [id] = await sealKeysIn(db, String(family), 'current');
    if (id !== undefined) {
      const cached = lastSealer.get(`${keysDir}/${family}`);
      if (cached?.id === id && keyFileExists(keysDir, family, id)) return cached;
      const key = keyFileOf(keysDir, family, id);
      // A database restored from before a run names a key the run destroyed: it seals nothing any more.
      if (!key && keyFileDestroyed(keysDir, family, id)) {
        await markDestroyed(db, String(family), id, isoAt(realTime()));
        continue;
      }
      if (!key)
        throw new KeyError(`brak pliku klucza ${family}-${id} w folderze kluczy ${keysDir} (YEAR_KEYS_DIR)`);
      // Kept until the family's current key changes (npm run bench:statements: a file read per statement).
      const sealer = sealerOf(family, id, key);
      lastSealer.set(`${keysDir}/${family}`, sealer);
      return sealer;
    }
    const made = makeKeyFile(keysDir, family);
    await addSealKey(db, {
      family: String(family),
      id: made.id,
      state: 'current',
      changed_at: isoAt(realTime()),
    });
  }
  throw new KeyError(`nie udało się utworzyć klucza ${family} w folderze ${keysDir}`);
}

/**
 * In the transaction that stores what the sealers sealed: each key must still be current, else the
 * transaction fails with SealKeyRetiredError (the caller seals again). See db/seal-keys.ts sealKeyIsCurrent.
 */
export async function confirmSealers(trx: Storage['db'], sealers: readonly Sealer[]): Promise<void> {
  const seen = new Set<string>();
  for (const { family, id } of sealers) {
    if (seen.has(`${family}/${id}`)) continue;
    seen.add(`${family}/${id}`);
    if (!(await sealKeyIsCurrent(trx, String(family), id))) throw new SealKeyRetiredError();
  }
}

/**
 * Inside a writing transaction: the family's current key, confirmed and held current until the commit
 * (sealKeyIsCurrent), for what the transaction seals itself.
 */
export async function heldSealer(trx: Storage['db'], keysDir: string, family: KeyFamily): Promise<Sealer> {
  for (let attempt = 0; ; attempt += 1) {
    const sealer = await sealerFor({ db: trx, keysDir }, family);
    if (await sealKeyIsCurrent(trx, String(family), sealer.id)) return sealer;
    if (attempt >= 3) throw new SealKeyRetiredError();
  }
}

/**
 * A folder from before the database recorded its keys (issue 44's year keys): each file whose values this
 * database holds becomes a row, the first of each family current. Run on start; a key already recorded is left
 * as it is.
 */
export async function recordKeyFiles(storage: Storage): Promise<void> {
  const known = await storage.db.selectFrom('seal_keys').select(['family', 'id']).execute();
  const recorded = new Set(known.map((row) => `${row.family}/${row.id}`));
  for (const { family, id } of keyFilesIn(storage.keysDir)) {
    if (recorded.has(`${family}/${id}`)) continue;
    // A key this database holds nothing of is not its own (another copy's, a key made after its backup): left
    // alone, never retired nor destroyed from here.
    if ((await rowsSealedWithPrefix(storage.db, familySealedPrefix(family, id))) === 0) continue;
    const current = await sealKeysIn(storage.db, String(family), 'current');
    await addSealKey(storage.db, {
      family: String(family),
      id,
      state: current.length === 0 ? 'current' : 'retired',
      changed_at: isoAt(realTime()),
    });
  }
}

/**
 * On start: what the statements key (or no key) sealed in a bounded table, from before the families, is
 * sealed with the open family's key; the open family's marks are made (anew). Returns the rows resealed, per
 * table.
 */
export async function sealOpenFromStart(periodKeys: PeriodKeys): Promise<Map<keyof Database, number>> {
  const counts = new Map<keyof Database, number>();
  for (const table of BOUNDED_TABLES) {
    const stale = await rowsNotInFamilies(periodKeys.storage.db, table);
    for (const rowKey of stale) await sealRowWith(periodKeys, 'open', table, rowKey);
    counts.set(table, stale.length);
  }
  await markStatements(
    periodKeys.storage.db,
    (await sealerFor(periodKeys.storage, 'open')).key,
    periodKeys.keys,
  );
  return counts;
}

/** A statement, by its id or by its reference, and the year of its purge day. */
export type YearSealRequest = ({ statementId: string } | { reference: string }) & { purgeYear: number };

export interface YearSealReport {
  /** Statements of which at least one value was sealed again. */
  resealed: number;
  /** Statements already sealed with their year's key, or a later one (or emptied). */
  skipped: number;
  /** Ids or references that name no statement. */
  notFound: string[];
}

/**
 * What a statement's purge empties, so what is sealed with its year: the statement's own row (fields,
 * photo), its claim's e-mail and its review's notes (its marks are the open family's, remade at its
 * rotations). Whatever is added here must be emptied by the run too.
 */
const rowsOf = (statement: { table: 'statements' | 'rejected_statements'; id: string; claim_id: string }) =>
  [
    { table: statement.table, key: statement.id },
    { table: 'claims', key: statement.claim_id },
    { table: 'reviews', key: statement.id },
  ] as const satisfies ReadonlyArray<{ table: keyof Database; key: string }>;

async function findStatement(db: Storage['db'], request: YearSealRequest) {
  for (const table of ['statements', 'rejected_statements'] as const) {
    const query = db.selectFrom(table).select(['id', 'claim_id']);
    const row = await (
      'statementId' in request
        ? query.where('id', '=', request.statementId)
        : query.where('reference', '=', request.reference)
    ).executeTakeFirst();
    if (row) return { table, ...row };
  }
  return undefined;
}

/**
 * Seals one row's values with the family's current key, in one transaction that confirms the key: values
 * the family's key (or, for a year, a later year's) sealed stay, unless `replaces` names theirs.
 */
async function sealRowWith(
  { storage, keys }: PeriodKeys,
  family: KeyFamily,
  table: keyof Database,
  rowKey: string,
  replaces: readonly string[] = [],
): Promise<number> {
  const keeps = (sealed: string) => {
    if (replaces.some((prefix) => sealed.startsWith(prefix))) return false;
    const sealedWith = sealedFamily(sealed);
    if (family === 'open') return sealedWith !== undefined;
    return typeof sealedWith === 'number' && sealedWith >= family;
  };
  // Taken only when a value needs it: a row with nothing to seal makes no key.
  let sealer: Sealer | undefined;
  const seal = (plain: Buffer, context: string) => {
    if (!sealer) throw new KeyNeeded();
    return sealer.seal(plain, context);
  };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await storage.db.transaction().execute(async (trx) => {
        const written = await resealRowOf(trx, table, rowKey, { seal, keeps }, keys);
        if (sealer && written.length > 0) await confirmSealers(trx, [sealer]);
        return written.length;
      });
    } catch (error) {
      if (!(error instanceof KeyNeeded || error instanceof SealKeyRetiredError) || attempt >= 4) throw error;
      sealer = await sealerFor(storage, family);
    }
  }
}

/** sealRowWith's first look found a value to seal: the key is taken, and the row sealed again. */
class KeyNeeded extends Error {}

/**
 * Seals each statement's values (rowsOf) with the key of its purge day's year, made on first use. A value
 * sealed with that year's key, or a later year's, stays: so the call can be repeated (and a shared value,
 * the claim's e-mail, follows the latest of its statements' years).
 */
export async function resealToYear(
  periodKeys: PeriodKeys,
  requests: readonly YearSealRequest[],
): Promise<YearSealReport> {
  const report: YearSealReport = { resealed: 0, skipped: 0, notFound: [] };
  for (const request of requests) {
    const statement = await findStatement(periodKeys.storage.db, request);
    if (!statement) {
      report.notFound.push('statementId' in request ? request.statementId : request.reference);
      continue;
    }
    let written = 0;
    for (const row of rowsOf(statement))
      written += await sealRowWith(periodKeys, request.purgeYear, row.table, row.key);
    if (written > 0) report.resealed += 1;
    else report.skipped += 1;
  }
  return report;
}

/** What finishRetiredKeys did to a family. */
export interface FamilyRotation {
  family: KeyFamily;
  /** Keys destroyed now. */
  destroyed: number;
  /** Whether the family still has values, sealed with a new key (false: all its values are gone). */
  resealed: boolean;
  /** Values a retired key still seals (none but for a failure): that key stays until the next run. */
  left: number;
}

const familyOf = (name: string): KeyFamily => (name === 'open' ? 'open' : Number(name));

/**
 * After a run that emptied something retired every key in its commit (db/seal-keys.ts retireAllCurrent):
 * what the retired keys still seal (a statement not due yet, one held, a complaint, the marks) is sealed with
 * a new key of its family, and each retired key that nothing needs then is destroyed. So no key that existed
 * before such a run outlives it. Keys a run left retired (interrupted) are taken up by the next one.
 */
export async function finishRetiredKeys(periodKeys: PeriodKeys): Promise<FamilyRotation[]> {
  const { storage } = periodKeys;
  const rotations: FamilyRotation[] = [];
  for (const family of (await familiesWith(storage.db, 'retired')).map(familyOf)) {
    const retired: string[] = [];
    for (const id of await sealKeysIn(storage.db, String(family), 'retired')) {
      // A database restored from before a run names keys that run destroyed: their values are gone for good.
      if (keyFileDestroyed(storage.keysDir, family, id)) {
        eraseKeyFile(storage.keysDir, family, id);
        await markDestroyed(storage.db, String(family), id, isoAt(realTime()));
      } else retired.push(id);
    }
    if (retired.length === 0) continue;
    const prefixes = retired.map((id) => familySealedPrefix(family, id));
    let resealed = false;
    for (const table of BOUNDED_TABLES) {
      for (const prefix of prefixes) {
        for (const rowKey of await rowsOfPrefix(storage.db, table, prefix)) {
          resealed = (await sealRowWith(periodKeys, family, table, rowKey, prefixes)) > 0 || resealed;
        }
      }
    }
    if (family === 'open' && (await marksKeyedWith(storage.db, retired)) > 0) {
      await markStatements(storage.db, (await sealerFor(storage, 'open')).key, periodKeys.keys);
      resealed = true;
    }
    let destroyed = 0;
    let left = 0;
    for (const id of retired) {
      const needed =
        (await rowsSealedWithPrefix(storage.db, familySealedPrefix(family, id))) +
        (family === 'open' ? await marksKeyedWith(storage.db, [id]) : 0);
      if (needed > 0) {
        left += needed;
        continue;
      }
      eraseKeyFile(storage.keysDir, family, id);
      await markDestroyed(storage.db, String(family), id, isoAt(realTime()));
      destroyed += 1;
    }
    rotations.push({ family, destroyed, resealed, left });
  }
  return rotations.sort((a, b) => String(a.family).localeCompare(String(b.family)));
}
