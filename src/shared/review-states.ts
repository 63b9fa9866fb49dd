import type { Role } from './panel-api/access';

// docs/decisions/review.md: a statement's review states and what may move it between them, in one table.
// The review calls' access, the mutations' "from state" checks and the statement's `actions` (what the
// person looking may do now) are all read from it.

/** A statement's review state (`received`: nobody has taken it yet). */
export const REVIEW_STATES = ['received', 'in-review', 'awaiting-approval', 'accepted', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The queue's filter: `open` is received + in-review + awaiting-approval; `expired` lists claims instead. */
export const QUEUE_STATES = ['open', ...REVIEW_STATES, 'expired'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/**
 * Who of those holding a role may act, by their part in the statement: anyone, its holder (the reviewer who
 * took it), anyone but its holder (another approver; an approver never confirms their own decision), or
 * whoever made its final decision (within the undo window).
 */
export type Actor = 'anyone' | 'holder' | 'not-holder' | 'final-maker';

export interface ReviewTransition {
  /** The states it acts from: in any other the call is refused (409), and it is not offered. */
  from: readonly ReviewState[];
  /** The states it may lead to; none for a look or for what acts on the claim instead. */
  to: readonly ReviewState[];
  roles: readonly Role[];
  actor: Actor;
}

const FINAL = ['accepted', 'rejected'] as const;

/** In the order the statement lists them in `actions`. */
export const REVIEW_TRANSITIONS = {
  take: { from: ['received'], to: ['in-review'], roles: ['reviewer'], actor: 'anyone' },
  // Final for tiers IV–VI; the tiers with a tax award wait for a second pair of eyes.
  decide: { from: ['in-review'], to: ['awaiting-approval', ...FINAL], roles: ['reviewer'], actor: 'holder' },
  'give-back': { from: ['in-review'], to: ['received'], roles: ['reviewer'], actor: 'holder' },
  // docs/decisions/review.md#release: an approver frees a statement someone else holds.
  release: { from: ['in-review'], to: ['received'], roles: ['approver'], actor: 'not-holder' },
  approve: { from: ['awaiting-approval'], to: FINAL, roles: ['approver'], actor: 'not-holder' },
  'send-back': { from: ['awaiting-approval'], to: ['in-review'], roles: ['approver'], actor: 'not-holder' },
  undo: {
    from: FINAL,
    to: ['awaiting-approval', 'in-review'],
    roles: ['reviewer', 'approver'],
    actor: 'final-maker',
  },
  // docs/decisions/review.md#unmasking: a look, by whoever acts on the statement now (see REVEAL_WITH).
  reveal: {
    from: ['in-review', 'awaiting-approval'],
    to: [],
    roles: ['reviewer', 'approver'],
    actor: 'anyone',
  },
  // docs/decisions/review.md#reserve: a finally rejected prize (or an expired claim's) goes to a reserve.
  'pass-to-reserve': { from: ['rejected'], to: [], roles: ['approver'], actor: 'anyone' },
} as const satisfies Record<string, ReviewTransition>;

export type ReviewAction = keyof typeof REVIEW_TRANSITIONS;
export const REVIEW_ACTIONS = Object.keys(REVIEW_TRANSITIONS) as ReviewAction[];

/** Whoever may do one of these now may see the masked numbers and the photo. */
export const REVEAL_WITH: readonly ReviewAction[] = ['decide', 'approve'];

/** Whether the action acts from this state. */
export const actsFrom = <A extends ReviewAction>(
  action: A,
  state: string,
): state is (typeof REVIEW_TRANSITIONS)[A]['from'][number] =>
  (REVIEW_TRANSITIONS[action].from as readonly string[]).includes(state);

/** The roles that may use a call doing any of these actions. */
export const rolesFor = (...actions: ReviewAction[]): Role[] => [
  ...new Set(actions.flatMap((action) => REVIEW_TRANSITIONS[action].roles)),
];

/** Everyone the review concerns: they may read the queue and open a statement. */
export const REVIEW_ROLES = rolesFor(...REVIEW_ACTIONS);
