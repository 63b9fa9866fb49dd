import { createHash, createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { MarkKind } from '#shared/statement/payload-rows.ts';

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

export type ContactKind = 'email' | 'phone';

/** How an e-mail is compared (docs/api.md#claims), a winner's or a staff member's: trimmed, case-insensitive. */
export const normalEmail = (email: string) => email.normalize('NFC').trim().toLowerCase();

/** How a contact is compared (docs/api.md#claims): e-mail as normalEmail, phone as its 9 digits; a number as its characters in upper case. */
const normalContact = (kind: ContactKind | MarkKind, value: string) =>
  kind === 'email'
    ? normalEmail(value)
    : kind === 'phone'
      ? value.trim()
      : value.replace(/\s+/g, '').toUpperCase();

/** The digest key derived from each statements key, once (as a KeyObject: a Buffer is imported at each use). */
const contactKeys = new WeakMap<Buffer, KeyObject>();

/**
 * docs/decisions/claims.md#claims: the contact a code was registered with, kept only as a digest keyed by the
 * statements key (a plain hash of an e-mail or a 9-digit phone is reversed by trying them all). After a key
 * rotation, importing the winners file again re-keys them (README, "Zmiana klucza").
 */
export function contactDigest(key: Buffer, kind: ContactKind | MarkKind, value: string): string {
  let contactKey = contactKeys.get(key);
  if (!contactKey) {
    contactKey = createSecretKey(createHmac('sha256', key).update('loteria/contact-digest').digest());
    contactKeys.set(key, contactKey);
  }
  return createHmac('sha256', contactKey)
    .update(`${kind}:${normalContact(kind, value)}`)
    .digest('hex');
}
