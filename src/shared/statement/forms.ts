import definitions from '#schemas/definitions.json';
import definitionsUi from '#schemas/definitions.ui.json';
import { campaign, prizes, type TierId } from '../campaign';
import { TIER_FILES } from './generated/tier-files';
import { composeTierForm, type TierForm } from './tier-forms';

/** Every tier's form as the browser shows it and the server checks it (the files of schemas/). */
export const tierForms = Object.fromEntries(
  prizes.tiers.map((tier) => [
    tier.id,
    composeTierForm(tier.id, TIER_FILES[tier.id], { definitions, definitionsUi }, campaign.onlineCodePrefix),
  ]),
) as Record<TierId, TierForm>;
