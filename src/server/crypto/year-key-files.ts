import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { replaceFile, syncDirectory, writeDraft } from '../durable-file';
import { findFamilyKeysWith, KeyError, keyId, parseKey, type KeyFamily } from './encryption';

// docs/decisions/storage.md#bounded-keys: the keys of the bounded families, one file each in the keys folder
// (YEAR_KEYS_DIR), outside the database and its backups. A key's file is named by its family and id:
//   <family>-<id>.key        a key that opens its family's values (open-…, 2031-…);
//   <family>-<id>.destroyed  what is left of a destroyed key: what it sealed is unreadable, and says so.
// Which key of a family seals new values is the database's to say (db/seal-keys.ts): a file is only bytes.

/** A value whose key was destroyed with its period: it cannot be read again, by anyone. */
export class YearKeyDestroyedError extends KeyError {
  constructor(readonly family: KeyFamily) {
    super(
      family === 'open'
        ? 'klucz okresu otwartego zniszczono przy usuwaniu danych: tej wartości nie da się już odczytać'
        : `klucz roku ${family} zniszczono razem z danymi tego roku: tej wartości nie da się już odczytać`,
    );
  }
}

const KEY_BYTES = 32;
const fileOf = (dir: string, family: KeyFamily, id: string, kind: 'key' | 'erasing' | 'destroyed') =>
  path.join(dir, `${family}-${id}.${kind}`);

const readKey = (file: string) => parseKey(fs.readFileSync(file, 'utf8'), file);

/**
 * The key in its file, or undefined when there is none: never made, or erased meanwhile by another process
 * (its mark written first: what was read of it may be the noise it is overwritten with).
 */
function readKeyIfThere(dir: string, family: KeyFamily, id: string): Buffer | undefined {
  try {
    return readKey(fileOf(dir, family, id, 'key'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof KeyError && fs.existsSync(fileOf(dir, family, id, 'destroyed'))) return undefined;
    throw error;
  }
}

/** The folders this process opens family-sealed values from (the server's; a test's may be more). */
const folders = new Set<string>();

/** Opens the values of `dir`'s keys from now on, wherever they are read (encryption.ts decryptBytes). */
export function openYearKeysFrom(dir: string) {
  folders.add(dir);
  findFamilyKeysWith(familyKey);
}

function familyKey(family: KeyFamily, id: string): Buffer {
  for (const dir of folders) {
    const key = readKeyIfThere(dir, family, id);
    if (key) return key;
  }
  if ([...folders].some((dir) => fs.existsSync(fileOf(dir, family, id, 'destroyed'))))
    throw new YearKeyDestroyedError(family);
  throw new KeyError(
    `brak klucza ${family} (${id}) w folderze kluczy ${[...folders].join(', ')} (YEAR_KEYS_DIR)`,
  );
}

/** A key of the folder, by family and id (undefined once destroyed or never made here). */
export const keyFileOf = (dir: string, family: KeyFamily, id: string): Buffer | undefined =>
  readKeyIfThere(dir, family, id);

/** Whether the key's file is there (a server keeps the key it seals with until its file goes). */
export const keyFileExists = (dir: string, family: KeyFamily, id: string) =>
  fs.existsSync(fileOf(dir, family, id, 'key'));

/** Whether the folder says the key was destroyed (a database restored from before that still names it). */
export const keyFileDestroyed = (dir: string, family: KeyFamily, id: string) =>
  fs.existsSync(fileOf(dir, family, id, 'destroyed'));

/** The keys in the folder, each with its family and id (a folder from before the database recorded them). */
export function keyFilesIn(dir: string): Array<{ family: KeyFamily; id: string }> {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((name) => {
    const match = /^(open|\d{4})-([0-9a-f]{16})\.key$/.exec(name);
    if (!match) return [];
    return [{ family: match[1] === 'open' ? ('open' as const) : Number(match[1]), id: match[2]! }];
  });
}

/** A new key of the family: written whole (mode 0600), synced, before anything is sealed with it. */
export function makeKeyFile(dir: string, family: KeyFamily): { key: Buffer; id: string } {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  const id = keyId(key);
  const draft = writeDraft(fileOf(dir, family, id, 'key'), `${key.toString('base64')}\n`);
  fs.renameSync(draft, fileOf(dir, family, id, 'key'));
  // The key must outlive everything it seals.
  syncDirectory(dir);
  openYearKeysFrom(dir);
  return { key, id };
}

/**
 * The last step of destroying a key nothing needs. The mark that says it was destroyed comes first (what it
 * sealed then reads as YearKeyDestroyedError, not as a missing key), then the file is moved aside (a reader
 * never finds a half-overwritten key), its bytes overwritten and synced, and it is unlinked. Repeatable: a
 * step a crash left undone is done again. On flash storage and journaling file systems the overwrite is a
 * courtesy: docs/deploy.md#year-keys says why the copies of the folder must be short-lived.
 */
export function eraseKeyFile(dir: string, family: KeyFamily, id: string) {
  replaceFile(fileOf(dir, family, id, 'destroyed'), `${family} ${id}\n`);
  const erasing = fileOf(dir, family, id, 'erasing');
  if (fs.existsSync(fileOf(dir, family, id, 'key'))) fs.renameSync(fileOf(dir, family, id, 'key'), erasing);
  if (fs.existsSync(erasing)) {
    const fd = fs.openSync(erasing, 'r+');
    try {
      const noise = randomBytes(fs.fstatSync(fd).size);
      fs.writeSync(fd, noise, 0, noise.length, 0);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.rmSync(erasing, { force: true });
  }
  syncDirectory(dir);
}
