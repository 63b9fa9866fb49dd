import { createHash, randomBytes } from 'node:crypto';

// Issue: link hashes carry at least 128 random bits; 192 bits give 32 base64url characters.
const HASH_BYTES = 24;

export interface LinkHash {
  /** Goes into the link the operator e-mails; never stored, never logged. */
  hash: string;
  /** What the database keeps. */
  digest: string;
}

export function digestOf(hash: string): string {
  return createHash('sha256').update(hash, 'utf8').digest('hex');
}

export function newLinkHash(): LinkHash {
  const hash = randomBytes(HASH_BYTES).toString('base64url');
  return { hash, digest: digestOf(hash) };
}
