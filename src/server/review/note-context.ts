// docs/decisions/review.md: what a review's note is bound to, for the review (view.ts) and the registry of
// sealed columns (statements/sealed-columns.ts) alike.
export const noteContext = (statementId: string, which: 'note' | 'approval') =>
  `review-${which}:${statementId}`;
