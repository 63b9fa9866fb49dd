import type { TierId } from '../campaign';
import { VALIDATOR_LOADERS } from './generated/loaders';
import type { TierValidator } from './validators';

// Everything here is imported lazily, so the app shell can start the load without carrying the form engine.
export async function loadTierValidator(tierId: TierId): Promise<TierValidator> {
  const [{ createTierValidator }, functions] = await Promise.all([
    import('./validators'),
    VALIDATOR_LOADERS[tierId](),
  ]);
  return createTierValidator(tierId, functions.default);
}
