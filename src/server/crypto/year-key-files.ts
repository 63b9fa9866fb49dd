import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { replaceFile, syncDirectory, writeDraft } from '../durable-file';
import { findYearKeysWith, KeyError, keyId, parseKey } from './encryption';

// docs/decisions/storage.md#year-keys: the keys of the years, one file each in the year keys folder
// (YEAR_KEYS_DIR), outside the database and its backups. A key's file is named by its year and id:
//   <year>-<id>.key        a key that opens, and (the first of its year by id) seals, that year's values;
//   <year>-<id>.destroying a key being destroyed (destroyYearKey): it still opens, nothing new is sealed with it;
//   <year>-<id>.destroyed  what is left of a destroyed key: what it sealed is unreadable, and says so.
// A year may have more than one key: one made after its first was destroyed, or two made at once.

/** A value whose year's key was destroyed: it cannot be read again, by anyone. */
export class YearKeyDestroyedError extends KeyError {
  constructor(readonly year: number) {
    super(`klucz roku ${year} zniszczono razem z danymi tego roku: tej wartości nie da się już odczytać`);
  }
}

const KEY_BYTES = 32;
const fileOf = (dir: string, year: number, id: string, kind: 'key' | 'destroying' | 'destroyed') =>
  path.join(dir, `${year}-${id}.${kind}`);

const readKey = (file: string) => parseKey(fs.readFileSync(file, 'utf8'), file);

/** The folders this process opens year-sealed values from (the server's; a test's may be more). */
const folders = new Set<string>();

/** Opens the values of `dir`'s year keys from now on, wherever they are read (encryption.ts decryptBytes). */
export function openYearKeysFrom(dir: string) {
  folders.add(dir);
  findYearKeysWith(yearKey);
}

function yearKey(year: number, id: string): Buffer {
  for (const dir of folders) {
    for (const kind of ['key', 'destroying'] as const) {
      const file = fileOf(dir, year, id, kind);
      if (fs.existsSync(file)) return readKey(file);
    }
  }
  if ([...folders].some((dir) => fs.existsSync(fileOf(dir, year, id, 'destroyed'))))
    throw new YearKeyDestroyedError(year);
  throw new KeyError(
    `brak klucza roku ${year} (${id}) w folderze kluczy lat ${[...folders].join(', ')} (YEAR_KEYS_DIR)`,
  );
}

/** The ids of a year's keys that still seal (`key`) or are being destroyed (`destroying`), sorted. */
export function yearKeyIds(dir: string, year: number, kind: 'key' | 'destroying' = 'key'): string[] {
  const pattern = new RegExp(`^${year}-([0-9a-f]{16})\\.${kind}$`);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((name) => pattern.exec(name)?.[1] ?? [])
    .sort();
}

/** The key new values of `year` are sealed with: the first of its keys, made (mode 0600, synced) if none. */
export function sealingYearKey(dir: string, year: number): { key: Buffer; id: string } {
  const [first] = yearKeyIds(dir, year);
  if (first !== undefined) return { key: readKey(fileOf(dir, year, first, 'key')), id: first };
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  const draft = writeDraft(fileOf(dir, year, keyId(key), 'key'), `${key.toString('base64')}\n`);
  // Its name is its own (the id is the key's): two processes making one at once make two, both kept.
  fs.renameSync(draft, fileOf(dir, year, keyId(key), 'key'));
  // The key must outlive everything it seals.
  syncDirectory(dir);
  openYearKeysFrom(dir);
  return sealingYearKey(dir, year);
}

/** Whether a key still seals: one being destroyed does not (what was sealed with it meanwhile is sealed again). */
export const yearKeySeals = (dir: string, year: number, id: string) =>
  fs.existsSync(fileOf(dir, year, id, 'key'));

/**
 * The first step of destroying a key: from now on nothing new is sealed with it (it still opens). False
 * when it is gone already (another process destroys it).
 */
export function retireYearKey(dir: string, year: number, id: string): boolean {
  try {
    fs.renameSync(fileOf(dir, year, id, 'key'), fileOf(dir, year, id, 'destroying'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  syncDirectory(dir);
  return true;
}

/** A retired key still needed (something was sealed with it meanwhile): it seals again. */
export function reinstateYearKey(dir: string, year: number, id: string) {
  fs.renameSync(fileOf(dir, year, id, 'destroying'), fileOf(dir, year, id, 'key'));
  syncDirectory(dir);
}

/**
 * The last step: the retired key's bytes are overwritten and synced, its file unlinked, and a mark left
 * that says it was destroyed (what it sealed then reads as YearKeyDestroyedError, not as a missing key).
 * On flash storage and journaling file systems the overwrite is a courtesy: docs/deploy.md#year-keys says
 * why the copies of the folder must be short-lived.
 */
export function eraseYearKey(dir: string, year: number, id: string) {
  const file = fileOf(dir, year, id, 'destroying');
  const fd = fs.openSync(file, 'r+');
  try {
    const noise = randomBytes(fs.fstatSync(fd).size);
    fs.writeSync(fd, noise, 0, noise.length, 0);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  replaceFile(fileOf(dir, year, id, 'destroyed'), `${year} ${id}\n`);
  fs.unlinkSync(file);
  syncDirectory(dir);
}
