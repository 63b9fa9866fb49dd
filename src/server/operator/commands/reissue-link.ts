import { reissueLinks } from '../../claims/claims';
import { codeAndTier, hashTiers, tierIds, type Command } from '../command';

/** A new statement link for a hash tier's claim without a statement; the old link stops working. */
export const reissueLink: Command = {
  name: 'reissue-link',
  usage: `reissue-link <kod> <${tierIds(hashTiers)}>`,
  description: 'tworzy nowy link do oświadczenia dla kodu (stary przestaje działać) i wysyła go',
  async run({ storage, key, clock, args, emit }) {
    const { code, tier } = codeAndTier(args, hashTiers);
    for (const line of await reissueLinks(storage, code, tier, { statementsKey: key.key, clock })) emit(line);
  },
};
