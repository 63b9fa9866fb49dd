import { isEmailAddress } from '#shared/statement/checksums.ts';
import type { Storage } from '../db';
import { insertOptout } from '../db/optouts';
import { newLinkHash } from '../crypto/secrets';

/** An address the operator typed that is no e-mail address. */
export class OptoutError extends Error {}

/**
 * spec §2, §5: an opt-out link for an address that gets promotional-code e-mails. Only the hash's digest
 * is stored; `issuedAtIso` is real time (a record of when it was issued).
 */
export async function issueOptout(storage: Storage, email: string, issuedAtIso: string) {
  const address = email.trim();
  if (address.length > 254 || !isEmailAddress(address))
    throw new OptoutError(`nieprawidłowy adres e-mail: ${address}`);
  const { hash, digest } = newLinkHash();
  await insertOptout(storage.db, {
    hash_digest: digest,
    email: address,
    issued_at: issuedAtIso,
    resigned_at: null,
  });
  return { email: address, link: `/?action=rezygnacja&hash=${hash}` };
}
