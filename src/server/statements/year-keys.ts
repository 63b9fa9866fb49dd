import type { Storage } from '../db';
import type { Database } from '../db/types';
import { encryptBytesForYear, sealedYear, yearSealedPrefix } from '../crypto/encryption';
import {
  eraseYearKey,
  reinstateYearKey,
  retireYearKey,
  sealingYearKey,
  openYearKeysFrom,
  yearKeyIds,
  yearKeySeals,
} from '../crypto/year-key-files';
import { resealRowOf, rowsSealedWithPrefix, undoReseal, type ResealTarget } from './sealed-columns';

// docs/decisions/storage.md#year-keys: once a statement's purge day is known, what its purge empties is
// sealed again with the key of that day's year; the run that empties a year's last values destroys the key,
// so a copy of the database taken before cannot show them either.

/** Where year keys are kept, and what opens the values not yet sealed with one. */
export interface YearKeys {
  storage: Storage;
  /** The year keys folder (config.ts yearKeysDir, yearKeysDirOf). */
  dir: string;
  /** The statements key and its previous ones (during a rotation). */
  keys: readonly Buffer[];
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
 * photo), its claim's e-mail and its review's notes. Any other sealed value would keep the year's key alive
 * for good: whatever is added here must be emptied by the run too.
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
 * Seals each statement's values (rowsOf) with the key of its purge day's year, made on first use. A value
 * sealed with that year's key, or a later year's, stays: so the call can be repeated (and a shared value,
 * the claim's e-mail, follows the latest of its statements' years).
 */
export async function resealToYear(
  yearKeys: YearKeys,
  requests: readonly YearSealRequest[],
): Promise<YearSealReport> {
  openYearKeysFrom(yearKeys.dir);
  const report: YearSealReport = { resealed: 0, skipped: 0, notFound: [] };
  for (const request of requests) {
    const statement = await findStatement(yearKeys.storage.db, request);
    if (!statement) {
      report.notFound.push('statementId' in request ? request.statementId : request.reference);
      continue;
    }
    let written = 0;
    for (const row of rowsOf(statement))
      written += await sealRowForYear(yearKeys, row.table, row.key, request.purgeYear);
    if (written > 0) report.resealed += 1;
    else report.skipped += 1;
  }
  return report;
}

/**
 * Seals one row's values with the year's key. Should that key be retired while they were written
 * (destroyYearKeys in another process), they are put back and sealed with another key of the year: the
 * destroyer checks the database after retiring the key, and keeps it if it finds them.
 */
async function sealRowForYear(
  { storage, dir, keys }: YearKeys,
  table: keyof Database,
  rowKey: string,
  year: number,
): Promise<number> {
  const retired: string[] = [];
  for (;;) {
    // Made only when a value needs it: a call for an earlier year makes no key.
    let sealing: { key: Buffer; id: string } | undefined;
    const target: ResealTarget = {
      seal: (plain, context) => {
        sealing ??= sealingYearKey(dir, year);
        return encryptBytesForYear(sealing.key, year, plain, context);
      },
      keeps: (sealed) =>
        (sealedYear(sealed) ?? 0) >= year &&
        !retired.some((gone) => sealed.startsWith(yearSealedPrefix(year, gone))),
    };
    const written = await resealRowOf(storage.db, table, rowKey, target, keys);
    if (sealing === undefined || yearKeySeals(dir, year, sealing.id)) return written.length;
    await undoReseal(storage.db, table, rowKey, written);
    retired.push(sealing.id);
  }
}

export interface YearKeysDestroyed {
  /** Years whose every key this call destroyed. */
  destroyed: number[];
  /** Years whose key is still needed, with how many rows still hold a value it sealed. */
  kept: Array<{ year: number; rows: number }>;
}

/**
 * Destroys the keys of the given years that no value in the database needs any more; a year with a value
 * left keeps its key. Each key is first retired (nothing new is sealed with it), the database checked again,
 * and only then its file overwritten and removed (crypto/year-key-files.ts).
 */
export async function destroyYearKeys(
  { storage, dir }: Pick<YearKeys, 'storage' | 'dir'>,
  years: readonly number[],
): Promise<YearKeysDestroyed> {
  const result: YearKeysDestroyed = { destroyed: [], kept: [] };
  for (const year of new Set(years)) {
    const held = yearKeyIds(dir, year, 'destroying');
    const sealing = yearKeyIds(dir, year);
    if (held.length + sealing.length === 0) continue;
    let rows = 0;
    for (const id of [...held, ...sealing]) {
      const needed = () => rowsSealedWithPrefix(storage.db, yearSealedPrefix(year, id));
      const before = await needed();
      if (before === 0 && (held.includes(id) || retireYearKey(dir, year, id))) {
        const after = await needed();
        if (after === 0) {
          eraseYearKey(dir, year, id);
          continue;
        }
        rows += after;
      } else rows += before;
      // A key still needed (one left retired by an interrupted run too) seals again.
      if (yearKeyIds(dir, year, 'destroying').includes(id)) reinstateYearKey(dir, year, id);
    }
    if (rows === 0) result.destroyed.push(year);
    else result.kept.push({ year, rows });
  }
  return result;
}
