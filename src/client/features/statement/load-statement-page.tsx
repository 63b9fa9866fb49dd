import type { TierId } from '#shared/campaign.ts';
import { loadComplaintForm, loadTierValidator } from '#shared/statement/validator-loaders.ts';

/**
 * The statement page of one tier, for React.lazy: the page's code and the tier's precompiled validator
 * load in parallel, and the page renders once, complete (no loading state, no layout shift).
 */
export async function loadStatementPage(tierId: TierId) {
  const [{ default: StatementPage }, validator] = await Promise.all([
    import('./statement-page'),
    loadTierValidator(tierId),
  ]);
  return { default: () => <StatementPage tierId={tierId} validator={validator} /> };
}

/** The complaint page (/reklamacja), loaded as a statement page is: the same page code, its own form. */
export async function loadComplaintPage() {
  const [{ ComplaintPage }, complaint] = await Promise.all([import('./statement-page'), loadComplaintForm()]);
  return { default: () => <ComplaintPage {...complaint} /> };
}
