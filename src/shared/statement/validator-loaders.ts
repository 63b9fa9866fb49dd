import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { TierId } from '../campaign';
import type { TierValidator } from './validators';

// One chunk per tier: a statement page loads only its own precompiled validator. Everything here is
// imported lazily, so the app shell can start the load without carrying the form engine.
const loaders: Record<TierId, () => Promise<{ default: ValidatorFunctions }>> = {
  I: () => import('./generated/tier-i'),
  II: () => import('./generated/tier-ii'),
  III: () => import('./generated/tier-iii'),
  IV: () => import('./generated/tier-iv'),
  V: () => import('./generated/tier-v'),
  VI: () => import('./generated/tier-vi'),
  WINTO: () => import('./generated/tier-winto'),
};

export async function loadTierValidator(tierId: TierId): Promise<TierValidator> {
  const [{ createTierValidator }, functions] = await Promise.all([import('./validators'), loaders[tierId]()]);
  return createTierValidator(tierId, functions.default);
}
