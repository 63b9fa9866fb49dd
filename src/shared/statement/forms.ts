import definitions from '#schemas/definitions.json';
import definitionsUi from '#schemas/definitions.ui.json';
import { campaign, prizes, type TierId } from '../campaign';
import { TIER_FILES } from './generated/tier-files';
import { composeTierForm, type TierForm } from './tier-forms';

/**
 * Every tier's form as the browser shows it and the server checks it (the files of schemas/). Each is composed
 * when it is first read, once: a statement page composes its own tier's form only, not all seven at its start
 * (docs/performance.md#statement-page-start).
 */
export const tierForms = {} as Record<TierId, TierForm>;
for (const tier of prizes.tiers) {
  let form: TierForm | undefined;
  Object.defineProperty(tierForms, tier.id, {
    enumerable: true,
    get: () =>
      (form ??= composeTierForm(
        tier.id,
        TIER_FILES[tier.id],
        { definitions, definitionsUi },
        campaign.onlineCodePrefix,
      )),
  });
}
