import { describe, expect, it } from 'vitest';
import { ROLES } from '#shared/panel-api/access.ts';
import {
  actsFrom,
  REVEAL_WITH,
  REVIEW_ACTIONS,
  REVIEW_ROLES,
  REVIEW_STATES,
  REVIEW_TRANSITIONS,
  rolesFor,
} from '#shared/review-states.ts';

// docs/decisions/panel-api.md#the-reviews-states: the review's one table of states and transitions.

describe("the review's states and transitions", () => {
  it('names only known states and roles, each action acting from at least one state', () => {
    for (const action of REVIEW_ACTIONS) {
      const { from, to, roles } = REVIEW_TRANSITIONS[action];
      expect(from.length, action).toBeGreaterThan(0);
      for (const state of [...from, ...to]) expect(REVIEW_STATES, action).toContain(state);
      for (const role of roles) expect(ROLES, action).toContain(role);
    }
  });

  it('moves a statement as docs/decisions/review.md tells it', () => {
    expect(actsFrom('take', 'received')).toBe(true);
    expect(actsFrom('take', 'in-review')).toBe(false);
    expect(actsFrom('decide', 'in-review')).toBe(true);
    expect(actsFrom('approve', 'in-review')).toBe(false);
    expect(actsFrom('undo', 'accepted') && actsFrom('undo', 'rejected')).toBe(true);
    expect(actsFrom('pass-to-reserve', 'accepted')).toBe(false);
    expect(REVIEW_TRANSITIONS.decide.to).toEqual(['awaiting-approval', 'accepted', 'rejected']);
  });

  it('lets whoever decides or approves look, and the review roles read', () => {
    expect(rolesFor(...REVEAL_WITH)).toEqual(REVIEW_TRANSITIONS.reveal.roles);
    expect(REVIEW_ROLES).toEqual(['reviewer', 'approver']);
  });
});
