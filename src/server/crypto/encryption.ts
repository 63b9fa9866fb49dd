import fs from 'node:fs';
import path from 'node:path';
import { syncDirectory, writeDraft } from '../durable-file';
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

// docs/decisions/storage.md#sealed-statements: everything a winner sent is sealed at rest with AES-256-GCM. A
// sealed value names the key that sealed it ("v2.<key id>.<iv|tag|ciphertext>"), so keys can be rotated
// (README "Rotating the key"). A value sealed with a key of a bounded family (docs/decisions/storage.md#bounded-keys)
// names the family instead: "open.<key id>.<iv|tag|ciphertext>", "y<year>.<key id>.<iv|tag|ciphertext>".
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
// Only full 16-byte tags: GCM would otherwise accept a tag cut to 4 bytes, which an attacker can forge.
const TAG_BYTES = 16;
const FORMAT = 'v2';
const LEGACY_FORMAT = 'v1';
export const KEY_FILE_NAME = 'statements.key';
export const AUDIT_KEY_FILE_NAME = 'audit.key';

export class KeyError extends Error {}

export function parseKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new KeyError(
      `${source} musi zawierać 32 bajty jako 64 cyfry szesnastkowe lub base64 (np. openssl rand -base64 32)`,
    );
  }
  return key;
}

/** A key as it was loaded: the bytes, and where they came from. */
export interface LoadedKeyFile {
  key: Buffer;
  /** Where the key came from, for messages: the variable (STATEMENTS_KEY, AUDIT_KEY) or the key file. */
  source: string;
  /** Set when this call created the key file: the caller says so once in its log. */
  createdFile?: string;
}

/** The statements key seals everything new. */
export interface LoadedKey extends LoadedKeyFile {
  /** STATEMENTS_PREVIOUS_KEYS: open what older keys sealed while a rotation runs. */
  previous: Buffer[];
}

/**
 * Writes a new key to a private temporary file, syncs it, and links it in place: the key file appears whole
 * or not at all, and of two processes starting together only one links its key (false for the other).
 * On a file system without hard links, an exclusive create does the same but for the whole-file guarantee.
 */
function createKeyFile(file: string): boolean {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = `${randomBytes(KEY_BYTES).toString('base64')}\n`;
  const draft = writeDraft(file, key);
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    try {
      fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fallbackError;
    }
  } finally {
    fs.unlinkSync(draft);
  }
  // The key must outlive everything it seals or signs.
  syncDirectory(dir);
  return true;
}

/**
 * A 32-byte key from its variable, else from its file in DATA_DIR. With `create`, a missing key file is
 * made (mode 0600; see createKeyFile). With DATABASE_URL several servers share one database, so each
 * would make its own key file: the variable is then required.
 */
function loadKey(
  variable: string,
  fileName: string,
  options: { value: string | undefined; databaseUrl?: string | undefined; dataDir: string; create: boolean },
): LoadedKeyFile {
  if (options.value) return { key: parseKey(options.value, variable), source: variable };
  if (options.databaseUrl) {
    throw new KeyError(
      `przy DATABASE_URL ustaw ${variable} (ten sam na każdym serwerze; np. openssl rand -base64 32)`,
    );
  }
  const file = path.join(options.dataDir, fileName);
  const source = `${variable} (tu: plik ${file})`;
  if (options.create && !fs.existsSync(file) && createKeyFile(file)) {
    return { key: parseKey(fs.readFileSync(file, 'utf8'), file), source, createdFile: file };
  }
  if (!fs.existsSync(file)) throw new KeyError(`brak ${variable} i brak pliku klucza ${file}`);
  return { key: parseKey(fs.readFileSync(file, 'utf8'), file), source };
}

/** The key from STATEMENTS_KEY, else from DATA_DIR/statements.key (see loadKey). */
export function loadStatementsKey(options: {
  statementsKey?: string | undefined;
  previousKeys?: string | undefined;
  databaseUrl?: string | undefined;
  dataDir: string;
  create: boolean;
}): LoadedKey {
  const previous = (options.previousKeys ?? '')
    .split(',')
    .filter((text) => text.trim() !== '')
    .map((text) => parseKey(text, 'STATEMENTS_PREVIOUS_KEYS'));
  return {
    ...loadKey('STATEMENTS_KEY', KEY_FILE_NAME, { ...options, value: options.statementsKey }),
    previous,
  };
}

/**
 * docs/decisions/staff.md#keyed-chain: the audit trail's HMAC key, from AUDIT_KEY, else from
 * DATA_DIR/audit.key, found or made as the statements key is.
 */
export function loadAuditKey(options: {
  auditKey?: string | undefined;
  databaseUrl?: string | undefined;
  dataDir: string;
  create: boolean;
}): LoadedKeyFile {
  return loadKey('AUDIT_KEY', AUDIT_KEY_FILE_NAME, { ...options, value: options.auditKey });
}

/** Identifies a key without revealing it: kept with the data, and (its start) in every sealed value. */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('loteria/statements-key-fingerprint').digest('hex');
}

/**
 * What a key gives once instead of at every statement (npm run bench: a tenth of a statement's CPU): Node's
 * KeyObject (a Buffer key is imported anew by each cipher) and the key's id.
 */
const preparedKeys = new WeakMap<Buffer, { secret: KeyObject; id: string }>();
function prepared(key: Buffer) {
  let entry = preparedKeys.get(key);
  if (!entry) {
    entry = { secret: createSecretKey(key), id: keyFingerprint(key).slice(0, 16) };
    preparedKeys.set(key, entry);
  }
  return entry;
}

/** The start of the fingerprint: enough to tell a handful of keys apart. */
export const keyId = (key: Buffer) => prepared(key).id;

// Each IV is the next slice of random bytes drawn 256 IVs at a time, never refilled in place, so no two
// sealed values share one: a call to the random source per value was a third of sealing's CPU (npm run bench).
const IV_POOL_BYTES = IV_BYTES * 256;
let ivPool = Buffer.alloc(0);
let ivAt = 0;
function newIv(): Buffer {
  if (ivAt + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivAt = 0;
  }
  ivAt += IV_BYTES;
  return ivPool.subarray(ivAt - IV_BYTES, ivAt);
}

function seal(key: Buffer, prefix: string, plaintext: Buffer, context: string): string {
  const iv = newIv();
  const cipher = createCipheriv(ALGORITHM, prepared(key).secret, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return `${prefix}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Seals bytes; `context` (e.g. the claim id) is authenticated, so a value moved to another row fails. */
export const encryptBytes = (key: Buffer, plaintext: Buffer, context: string): string =>
  seal(key, sealedPrefix(key), plaintext, context);

/**
 * docs/decisions/storage.md#bounded-keys: a family of keys whose end is bounded, each key a file outside the
 * database (crypto/year-key-files.ts): `open` seals a statement's values from the start, while its purge day
 * is not known; a year (2031) seals them once it is.
 */
export type KeyFamily = 'open' | number;

/** A key of a family, current when it was taken: what seals new values of that family (statements/period-keys.ts). */
export interface Sealer {
  family: KeyFamily;
  id: string;
  key: Buffer;
  seal(plain: Buffer, context: string): string;
}

/** Seals bytes with a key of a family, bound to `context` as encryptBytes does. */
export const encryptBytesForFamily = (key: Buffer, family: KeyFamily, plaintext: Buffer, context: string) =>
  seal(key, familySealedPrefix(family, keyId(key)), plaintext, context);

/** How every value sealed with a family's key starts: `open.<key id>.` or `y2031.<key id>.`. */
export const familySealedPrefix = (family: KeyFamily, id: string) =>
  family === 'open' ? `open.${id}.` : `y${family}.${id}.`;

/** Any value sealed with a family's key, as SQL LIKE finds it: a rotation of the statements key leaves these alone. */
export const FAMILY_SEALED_LIKE = ['y____.%', 'open.%'] as const;

/** The family whose key sealed a value, or undefined for a value of the statements key (or none). */
export function sealedFamily(sealed: string): KeyFamily | undefined {
  if (sealed.startsWith('open.')) return 'open';
  const match = /^y(\d{4})\./.exec(sealed);
  return match ? Number(match[1]) : undefined;
}

/**
 * Finds a family's key by its id: crypto/year-key-files.ts installs the folders to look in; without
 * them a value sealed with a family's key cannot be opened.
 */
let familyKeyOf = (family: KeyFamily, _id: string): Buffer => {
  throw new KeyError(
    `dane zaszyfrowano kluczem ${family === 'open' ? 'okresu otwartego' : `roku ${family}`}, a nie wskazano folderu kluczy (YEAR_KEYS_DIR)`,
  );
};
export function findFamilyKeysWith(lookup: (family: KeyFamily, id: string) => Buffer) {
  familyKeyOf = lookup;
}

/**
 * Opens what encryptBytes sealed with any of `keys` (the one its key id names), or encryptBytesForFamily with
 * its family's key (whatever `keys` are). The first format, without a key id, is still read: the reseal on
 * start (statements/keys.ts) turns it into the current one.
 */
export function decryptBytes(keys: readonly Buffer[], sealed: string, context: string): Buffer {
  const parts = sealed.split('.');
  const [format] = parts;
  if (format === LEGACY_FORMAT && parts.length === 2) {
    for (const key of keys) {
      try {
        return open(key, parts[1]!, context);
      } catch {
        // another key, perhaps
      }
    }
    throw new KeyError('nie można odszyfrować: zły klucz lub uszkodzone dane');
  }
  const family = sealedFamily(sealed);
  if (family !== undefined && parts.length === 3)
    return open(familyKeyOf(family, parts[1]!), parts[2]!, context);
  const [, id, data] = parts;
  if (format !== FORMAT || id === undefined || data === undefined || parts.length !== 3)
    throw new KeyError('nieznany format zaszyfrowanych danych');
  const key = keys.find((candidate) => keyId(candidate) === id);
  if (!key) {
    throw new KeyError(
      `dane zaszyfrowano kluczem ${id}, którego nie ma w STATEMENTS_KEY ani STATEMENTS_PREVIOUS_KEYS`,
    );
  }
  return open(key, data, context);
}

function open(key: Buffer, data: string, context: string): Buffer {
  const bytes = Buffer.from(data, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new KeyError('uszkodzone zaszyfrowane dane');
  const decipher = createDecipheriv(ALGORITHM, prepared(key).secret, bytes.subarray(0, IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new KeyError('nie można odszyfrować: zły klucz lub uszkodzone dane');
  }
}

/** How every value sealed with this key starts: what does not start so needs sealing again. */
export const sealedPrefix = (key: Buffer) => `${FORMAT}.${keyId(key)}.`;

export const encryptText = (key: Buffer, plaintext: string, context: string) =>
  encryptBytes(key, Buffer.from(plaintext, 'utf8'), context);

export const decryptText = (keys: readonly Buffer[], sealed: string, context: string) =>
  decryptBytes(keys, sealed, context).toString('utf8');
