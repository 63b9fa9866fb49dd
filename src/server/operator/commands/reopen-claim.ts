import { prizes } from '#shared/campaign.ts';
import { reopenClaims } from '../../claims/claims';
import { isoAt } from '../../clock';
import { codeAndTier, tierIds, type Command } from '../command';

/** Rejects a statement sent by someone else (kept as evidence) so the real winner can send theirs. */
export const reopenClaim: Command = {
  name: 'reopen-claim',
  usage: `reopen-claim <kod> <${tierIds(prizes.tiers)}>`,
  description:
    'odrzuca oświadczenie wysłane przez kogoś innego (zostaje jako dowód), by laureat wysłał swoje',
  async run({ storage, clock, args, emit }) {
    const { code, tier } = codeAndTier(args, prizes.tiers);
    const rejected = await reopenClaims(storage, code, tier, isoAt(clock.campaign()));
    emit({ code, tier: tier.id, rejected });
  },
};
