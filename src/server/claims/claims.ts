import { randomUUID } from 'node:crypto';
import apiMessages from '#content/api-messages.json';
import { tierForPrize, type PrizeKey, type Tier } from '#shared/campaign.ts';
import type { StatementPayload } from '#shared/statement/payload.ts';
import type { StatementProblem } from '../statements/validate-statement';
import type { Storage } from '../db';
import { findClaimByHashDigest, findClaimsByCode, replaceClaimHash, type ClaimRow } from '../db/claims';
import { rejectStatementsOfClaims } from '../db/statements';
import type { ClaimTable } from '../db/types';
import { contactDigest, digestOf, newLinkHash } from '../crypto/secrets';
import type { Clock } from '../clock';
import { cancelQueued, lastNumber, queuedOfClaim, queueMail, resealWaiting } from '../db/outbox';
import { reissuedLinkMail } from '../mail/orders';
import { decryptText, type Sealer } from '../crypto/encryption';
import { heldSealer } from '../statements/period-keys';
import { emailContext } from './email-context';

/**
 * A claim is a winning record's right to send one statement (spec §4, §7). Its rules live here — how it is
 * made, found, given a new link and reopened — for the statement calls, the operator's commands, the mail
 * and the panel alike.
 */

/** A claim's statement link as import-winners and reissue-link print it (docs/api.md). */
export interface ClaimLine {
  code: string;
  award: string;
  tier: string;
  link: string;
}

/** A mistake the operator can act on (no such claim): the commands print the message alone. */
export class ClaimError extends Error {}

// spec §7: tiers III and VI are claimed by code with the contact registered with it (their codes are
// public in the winners list); the others by the hash in the e-mailed link.
const linkOf = (tier: Tier, hash: string | undefined) => (hash ? `${tier.path}?hash=${hash}` : tier.path);

export interface Winning {
  recordKey: string;
  code: string;
  award: PrizeKey;
  contact: { email?: string | undefined; phone?: string | undefined };
}

/**
 * The claim a winning record gives and the line that carries its link. The contact is kept only as a
 * digest keyed by the statements key, the e-mail sealed by `sealer` (the open family's key,
 * docs/decisions/storage.md#bounded-keys), the link's hash only as a digest; `issuedAtIso` is the campaign
 * clock's: the statement deadline counts from it.
 */
export function newClaim(
  winning: Winning,
  { statementsKey, sealer }: { statementsKey: Buffer; sealer: Sealer },
  issuedAtIso: string,
) {
  const tier = tierForPrize(winning.award);
  if (!tier) throw new Error(`no tier for prize ${winning.award}`); // content validation rules this out
  const linkHash = tier.claimBy === 'hash' ? newLinkHash() : undefined;
  const digest = (kind: 'email' | 'phone', value: string | undefined) =>
    value === undefined ? null : contactDigest(statementsKey, kind, value);
  const id = randomUUID();
  const email = winning.contact.email?.trim();
  const claim: ClaimTable = {
    id,
    record_key: winning.recordKey,
    code: winning.code,
    tier: tier.id,
    prize: winning.award,
    hash_digest: linkHash?.digest ?? null,
    email_digest: digest('email', winning.contact.email),
    phone_digest: digest('phone', winning.contact.phone),
    email_sealed: email ? sealClaimEmail(sealer.seal, winning.recordKey, email) : null,
    created_at: issuedAtIso,
  };
  const line: ClaimLine = {
    code: winning.code,
    award: winning.award,
    tier: tier.id,
    link: linkOf(tier, linkHash?.hash),
  };
  return { claim, line, email };
}

/** docs/api.md#operator-commands: the winners file's e-mail is kept sealed while mail to it may be due. */
export const sealClaimEmail = (
  seal: (plain: Buffer, context: string) => string,
  recordKey: string,
  email: string,
) => seal(Buffer.from(email, 'utf8'), emailContext(recordKey));

export const openClaimEmail = (keys: readonly Buffer[], recordKey: string, sealed: string) =>
  decryptText(keys, sealed, emailContext(recordKey));

/**
 * docs/decisions/mail.md#addresses: where a winner's mail after the link (the confirmation, the verdict)
 * goes: the address the code was registered with, else the statement's, asked for only then.
 */
export const winnerMailTo = (
  keys: readonly Buffer[],
  claim: { record_key: string; email_sealed: string | null },
  statementEmail: () => string,
): string =>
  claim.email_sealed ? openClaimEmail(keys, claim.record_key, claim.email_sealed) : statementEmail();

/** The claim a statement link's hash belongs to. Hashes are issued as 32 characters: far longer is unknown. */
export async function claimByLink(storage: Storage, hash: string): Promise<ClaimRow | undefined> {
  return hash.length <= 200 ? findClaimByHashDigest(storage.db, digestOf(hash)) : undefined;
}

export type ClaimLookup = { claim: ClaimRow } | { status: 404 | 409; problem: StatementProblem };

/**
 * The claim a statement is sent for, when it is real and the sender is its winner. A hash tier's link
 * must belong to a claim with this code and tier; tiers III and VI name the code together with the e-mail
 * or phone it was registered with. A claim that does not match gets exactly the unknown code's answer, so
 * nobody learns which codes are still open.
 */
export async function claimForStatement(
  storage: Storage,
  statementsKey: Buffer,
  tier: Tier,
  payload: StatementPayload,
): Promise<ClaimLookup> {
  if (tier.claimBy === 'hash') {
    const notFound = { status: 404 as const, problem: { field: 'hash', message: apiMessages.claimNotFound } };
    if (typeof payload.hash !== 'string') return notFound;
    const claim = await claimByLink(storage, payload.hash);
    // spec §4: a prize passed to a reserve winner takes no statement from the winner who lost it.
    if (!claim || claim.passed_on || claim.code !== payload.code || claim.tier !== tier.id) return notFound;
    return { claim };
  }
  const email = contactDigest(statementsKey, 'email', payload.email);
  const phone = contactDigest(statementsKey, 'phone', payload.phoneNumber);
  const claims = (await findClaimsByCode(storage.db, payload.code, tier.id)).filter(
    (claim) => claim.email_digest === email || claim.phone_digest === phone,
  );
  if (claims.length === 0)
    return { status: 404, problem: { field: 'code', message: apiMessages.claimNotFoundByContact } };
  const open = claims.find((claim) => !claim.has_statement);
  return open
    ? { claim: open }
    : { status: 409, problem: { field: 'code', message: apiMessages.statementDuplicate } };
}

/**
 * New links for a hash tier's claims of a code that have no statement yet. Only digests are stored, so a
 * lost link cannot be given again: this makes a new one, and the old one stops working. A claim with the
 * winners file's e-mail gets the new link by mail (docs/decisions/mail.md#outbox): the old link's mail, if
 * still queued, is cancelled, and the queued reminders carry the new link.
 */
export async function reissueLinks(
  storage: Storage,
  code: string,
  tier: Tier,
  { statementsKey, clock }: { statementsKey: Buffer; clock: Clock },
): Promise<ClaimLine[]> {
  // Tiers III and VI have no link: a hash would let its holder see the claim's code (statement-link).
  if (tier.claimBy !== 'hash')
    throw new ClaimError(`kategoria ${tier.id} nie używa linku z hashem: ${tier.path}`);
  const claims = (await findClaimsByCode(storage.db, code, tier.id)).filter(
    (claim) => !claim.has_statement && !claim.passed_on,
  );
  if (claims.length === 0)
    throw new ClaimError(`brak zgłoszenia bez oświadczenia dla kodu ${code} w kategorii ${tier.id}`);
  const lines: ClaimLine[] = [];
  for (const claim of claims) {
    const { hash, digest } = newLinkHash();
    const link = linkOf(tier, hash);
    await storage.db.transaction().execute(async (trx) => {
      await replaceClaimHash(trx, claim.id, digest);
      if (!claim.email_sealed) return;
      const to = openClaimEmail([statementsKey], claim.record_key, claim.email_sealed);
      await cancelQueued(trx, [claim.id], ['link']);
      const number = (await lastNumber(trx, claim.id, 'link')) + 1;
      const clocks = { campaignMs: clock.campaign(), realMs: clock.real() };
      const queued = await queuedOfClaim(trx, claim.id, 'reminder');
      const sealer = await heldSealer(trx, storage.keysDir, 'open');
      const mail = reissuedLinkMail(sealer, claim, to, link, number, clocks, queued);
      await queueMail(trx, [mail.link]);
      for (const reminder of mail.reminders) await resealWaiting(trx, reminder.id, reminder.sealed);
    });
    lines.push({ code, award: claim.prize, tier: tier.id, link });
  }
  return lines;
}

/**
 * When a statement was sent by someone else, rejects the statements of a code's claims in a tier (kept as
 * evidence, marked rejected) so the real winner can send theirs. Returns how many were rejected.
 */
export async function reopenClaims(storage: Storage, code: string, tier: Tier, atIso: string) {
  const claims = await findClaimsByCode(storage.db, code, tier.id);
  if (claims.length === 0) throw new ClaimError(`brak zgłoszenia dla kodu ${code} w kategorii ${tier.id}`);
  return rejectStatementsOfClaims(
    storage.db,
    claims.map((claim) => claim.id),
    atIso,
  );
}
