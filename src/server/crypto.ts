import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Issue "Storage and privacy": PESEL, ID card, passport and IBAN are encrypted at rest with AES-256-GCM.
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';
export const KEY_FILE_NAME = 'statements.key';

export class KeyError extends Error {}

function parseKey(text: string, source: string): Buffer {
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

export interface LoadedKey {
  key: Buffer;
  /** Set when this call created the key file: the caller says so once in its log. */
  createdFile?: string;
}

/**
 * Writes a new key to a private temporary file, syncs it, and links it in place: the key file appears whole
 * or not at all, and of two processes starting together only one links its key (false for the other).
 * On a file system without hard links, an exclusive create does the same but for the whole-file guarantee.
 */
function createKeyFile(file: string): boolean {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const key = `${randomBytes(KEY_BYTES).toString('base64')}\n`;
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  const fd = fs.openSync(draft, 'wx', 0o600);
  try {
    fs.writeSync(fd, key);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
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
  syncDirectory(dir);
  return true;
}

/** The new directory entry survives a power loss too (the key must outlive every statement it seals). */
function syncDirectory(dir: string) {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The key from STATEMENTS_KEY, else from DATA_DIR/statements.key. With `create`, a missing key file is
 * made (mode 0600; see createKeyFile).
 */
export function loadStatementsKey(options: {
  statementsKey?: string | undefined;
  dataDir: string;
  create: boolean;
}): LoadedKey {
  if (options.statementsKey) return { key: parseKey(options.statementsKey, 'STATEMENTS_KEY') };
  const file = path.join(options.dataDir, KEY_FILE_NAME);
  if (options.create && !fs.existsSync(file) && createKeyFile(file)) {
    return { key: parseKey(fs.readFileSync(file, 'utf8'), file), createdFile: file };
  }
  if (!fs.existsSync(file)) throw new KeyError(`brak STATEMENTS_KEY i brak pliku klucza ${file}`);
  return { key: parseKey(fs.readFileSync(file, 'utf8'), file) };
}

/** Encrypts text; `context` (e.g. the claim id) is authenticated, so a ciphertext moved to another row fails. */
export function encryptText(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptText(key: Buffer, sealed: string, context: string): string {
  const [format, data] = sealed.split('.');
  if (format !== FORMAT || data === undefined) throw new KeyError('nieznany format zaszyfrowanych danych');
  const bytes = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new KeyError('nie można odszyfrować: zły klucz lub uszkodzone dane');
  }
}
