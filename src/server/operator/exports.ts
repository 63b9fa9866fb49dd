import fs from 'node:fs';
import path from 'node:path';
import type { Storage } from '../db';
import { listOptouts } from '../db/optouts';
import { listStatements, statementImage, type ListedStatement } from '../db/statements';
import type { LoadedKey } from '../crypto/encryption';
import { YearKeyDestroyedError } from '../crypto/year-key-files';
import type { KeyFamily } from '../crypto/encryption';
import { unsealImage, unsealStatement } from '../statements/sealed';
import { EXPORT_COLUMNS, flatten } from '#shared/statement/payload.ts';

// The operator's files: CSV (RFC 4180, UTF-8 with BOM so spreadsheets read Polish letters).
const BOM = '\uFEFF';

/** A mistake in the operator's arguments: the CLI prints the message alone. */
export class OperatorError extends Error {}

/** Where export-statements puts the coupon photos of the CSV `out`. */
export const imagesDirOf = (out: string) => `${out.replace(/\.csv$/i, '')}-images`;

function csvCell(value: unknown, separator: string): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet: winners typed these texts.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  // A semicolon is quoted whatever the separator: a Polish spreadsheet splits on it.
  return /[";\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV file's text: the operator's exports and the panel's payout file alike. The payout file is separated
 * by semicolons, which a Polish spreadsheet expects, as its amounts have decimal commas.
 */
export function csvText(header: string[], rows: unknown[][], separator: ',' | ';' = ','): string {
  const lines = [header, ...rows].map((row) => row.map((cell) => csvCell(cell, separator)).join(separator));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export function writeCsv(out: string, header: string[], rows: unknown[][]) {
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  // 0600: the file holds decrypted personal data.
  fs.writeFileSync(out, csvText(header, rows), { mode: 0o600 });
}

/** A statement the export could not read: its key was destroyed (docs/decisions/storage.md#bounded-keys). */
export interface KeyDestroyed {
  /** Its reference (its id for a statement from before references). */
  statement: string;
  family: KeyFamily;
}

/**
 * One decrypted row per statement, received ones then rejected ones (`state`); coupon photos go to
 * `<out>-images/<id>.png` (too big for a cell). A statement whose key was destroyed (a copy of the
 * database from before a purge) is left out and listed in `keyDestroyed`.
 */
export async function exportStatements(
  storage: Storage,
  key: LoadedKey,
  out: string,
  progress?: (done: number, total: number) => void,
) {
  const keys = [key.key, ...key.previous];
  const imageDir = imagesDirOf(out);
  const keyDestroyed: KeyDestroyed[] = [];
  const statements: ListedStatement[] = [];
  const flats: Record<string, unknown>[] = [];
  for (const statement of await listStatements(storage.db)) {
    try {
      flats.push(flatten(unsealStatement(keys, statement.claim_id, statement)));
      statements.push(statement);
    } catch (error) {
      if (!(error instanceof YearKeyDestroyedError)) throw error;
      keyDestroyed.push({ statement: statement.reference ?? statement.id, family: error.family });
    }
  }
  // The table's columns (the payload's order, docs/api.md#the-payload); a field stored before the table lost
  // it still gets one.
  const extra = [...new Set(flats.flatMap(Object.keys))].filter((column) => !EXPORT_COLUMNS.includes(column));
  const columns = [...EXPORT_COLUMNS, ...extra];
  const rows: unknown[][] = [];
  for (const [index, statement] of statements.entries()) {
    const image = await statementImage(storage.db, statement.state, statement.id);
    let imageFile = '';
    if (image) {
      fs.mkdirSync(imageDir, { recursive: true, mode: 0o700 });
      imageFile = path.join(imageDir, `${statement.id}.png`);
      fs.writeFileSync(imageFile, unsealImage(keys, statement.claim_id, image), { mode: 0o600 });
    }
    const flat = flats[index]!;
    rows.push([
      statement.id,
      // What the winner quotes on the phone (docs/api.md#statements); empty for statements from before it.
      statement.reference ?? '',
      statement.created_at,
      statement.tier,
      statement.state,
      ...columns.map((column) => flat[column]),
      imageFile,
    ]);
    progress?.(index + 1, statements.length);
  }
  writeCsv(out, ['id', 'reference', 'createdAt', 'tier', 'state', ...columns, 'imageFile'], rows);
  return { out, statements: rows.length, keyDestroyed };
}

/** One row per e-mail address that resigned (spec §5: handled within 2 working days), first resignation. */
export async function exportOptouts(storage: Storage, out: string) {
  const resigned = new Map<string, { issuedAt: string; resignedAt: string }>();
  for (const optout of await listOptouts(storage.db)) {
    if (optout.resigned_at === null) continue;
    const seen = resigned.get(optout.email);
    if (!seen || optout.resigned_at < seen.resignedAt) {
      resigned.set(optout.email, { issuedAt: optout.issued_at, resignedAt: optout.resigned_at });
    }
  }
  const rows = [...resigned].map(([email, times]) => [email, times.resignedAt, times.issuedAt]);
  writeCsv(out, ['email', 'resignedAt', 'linkIssuedAt'], rows);
  return { out, optouts: rows.length };
}
