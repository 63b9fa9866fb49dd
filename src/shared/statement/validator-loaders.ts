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

/**
 * The complaint form (docs/decisions/complaints.md#form), its precompiled validator and its page's texts,
 * loaded the same way: none of it is in the statement pages' code.
 */
export async function loadComplaintForm() {
  const [{ createFormValidator }, complaint, functions] = await Promise.all([
    import('./validators'),
    import('../complaint/complaint-form'),
    import('./generated/complaint'),
  ]);
  const { complaintForm, complaintBody, complaintPageTexts } = complaint;
  return {
    form: complaintForm,
    validator: createFormValidator(functions.default, complaintForm.schema),
    toBody: complaintBody,
    texts: complaintPageTexts,
  };
}
