import messages from '#content/staff-messages.json';
import { tierById, type PrizeKey } from '#shared/campaign.ts';
import { isoAt } from '../clock';
import type { AppDeps } from '../deps';
import { cancelQueued, queueMail } from '../db/outbox';
import { claimForReserve, nextReserve, promoteReserve, reserveStates } from '../db/reserves';
import { firstLinkMail } from '../mail/orders';
import { DomainError } from '../domain-errors';
import { appendAudit } from '../staff/audit';
import { heldSealer } from '../statements/period-keys';
import { newClaim, openClaimEmail } from './claims';
import { prizeLost } from './prize-lost';

// docs/decisions/review.md#reserve: spec §4, "a winner who forfeits passes the prize to the reserve entry, one
// for each degree I and WinTo! prize"; the other tiers' lost prizes stay with the organiser.

/** Whether a tier's prizes have reserve entries (prizes.json, the tier's `reserves`). */
const hasReserves = (tier: string): boolean => tierById(tier)?.reserves === true;

export type LostPrize =
  | { lost: 'reserve-available' | 'organiser'; passedTo: null }
  | { lost: 'passed-to-reserve'; passedTo: { code: string; reserve: number } };

const ORGANISER: LostPrize = { lost: 'organiser', passedTo: null };

/** What became of these lost claims' prizes: passed on, able to pass on, or the organiser's. */
export async function lostPrizes(
  db: AppDeps['storage']['db'],
  claims: readonly { id: string; tier: string }[],
): Promise<Map<string, LostPrize>> {
  const rows = await reserveStates(
    db,
    claims.filter((claim) => hasReserves(claim.tier)).map((claim) => claim.id),
  );
  const lost = new Map(claims.map((claim): [string, LostPrize] => [claim.id, ORGANISER]));
  for (const row of rows)
    lost.set(
      row.id,
      row.passed_code !== null && row.passed_reserve !== null
        ? { lost: 'passed-to-reserve', passedTo: { code: row.passed_code, reserve: row.passed_reserve } }
        : Number(row.waiting ?? 0) > 0
          ? { lost: 'reserve-available', passedTo: null }
          : ORGANISER,
    );
  return lost;
}

/**
 * 'Przekaż rezerwowemu': a degree-I or WinTo! prize lost by its winner (rejected for good, or its claim
 * expired) passes to the next reserve entry in one transaction: a new claim with its link mail and
 * reminders, the entry listed in the lost record's place, an audit entry.
 */
export async function passToReserve(deps: AppDeps, staffId: string, claimId: string) {
  const { storage, clock, statementsKey } = deps;
  return storage.db.transaction().execute(async (trx) => {
    const lost = await claimForReserve(trx, claimId);
    if (!lost) throw new DomainError('not-found', messages.claimUnknown);
    if (!hasReserves(lost.tier) || lost.draw_name === null || lost.price === null || lost.price_rank === null)
      throw new DomainError('conflict', messages.reserveNotForTier);
    if (!prizeLost(lost, clock)) throw new DomainError('conflict', messages.notForfeited);
    const passed = (await lostPrizes(trx, [{ id: claimId, tier: lost.tier }])).get(claimId);
    if (passed?.lost === 'passed-to-reserve') throw new DomainError('conflict', messages.alreadyPassed);
    const entry = await nextReserve(trx, {
      draw_name: lost.draw_name,
      price: lost.price,
      price_rank: lost.price_rank,
    });
    if (!entry) throw new DomainError('conflict', messages.reserveNone);
    const email = openClaimEmail([statementsKey], entry.record_key, entry.email_sealed);
    // docs/decisions/storage.md#bounded-keys: the new claim's e-mail is sealed with the open family's key,
    // held current until this transaction commits.
    const sealer = await heldSealer(trx, storage.keysDir, 'open');
    const made = newClaim(
      { recordKey: entry.record_key, code: entry.code, award: entry.price as PrizeKey, contact: { email } },
      { statementsKey, sealer },
      isoAt(clock.campaign()),
    );
    const claim = { ...made.claim, phone_digest: entry.phone_digest };
    const promoted = await promoteReserve(trx, { claimId, recordKey: lost.record_key }, entry, claim);
    if (!promoted) throw new DomainError('conflict', messages.alreadyPassed);
    if (lost.statement_id === null) await cancelQueued(trx, [claimId], ['link', 'reminder']);
    const clocks = { campaignMs: clock.campaign(), realMs: clock.real() };
    await queueMail(trx, firstLinkMail(sealer, claim, email, made.line.link, clocks, true));
    await appendAudit(trx, storage, clock, {
      actor: staffId,
      action: 'reserve-promoted',
      subject: claimId,
      details: { claim: claim.id, reserve: entry.reserve },
    });
    return { claimId: claim.id, code: entry.code, reserve: entry.reserve };
  });
}
