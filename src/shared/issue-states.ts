// docs/decisions/prize-issue.md#states: the steps recorded of a prize's way to its winner and the states they
// lead to, listed once for the server, the panel and the winner's page.

/** What may be recorded of a prize's issue, from the panel or a carrier's file. */
export const ISSUE_STEPS = ['shipped', 'delivered', 'returned', 'handed-over'] as const;
export type IssueStep = (typeof ISSUE_STEPS)[number];

/** Where an accepted prize stands: to be issued, or as its last step (or its payout) left it. */
export const ISSUE_STATES = ['to-issue', 'shipped', 'delivered', 'returned', 'handed-over', 'paid'] as const;
export type IssueState = (typeof ISSUE_STATES)[number];
