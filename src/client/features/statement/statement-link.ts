import { useEffect, useState } from 'react';
import { tierById, type Tier } from '#shared/campaign.ts';
import { ISSUE_STATES, type IssueState } from '#shared/issue-states.ts';
import { apiUrl } from '../../lib/api';

/**
 * What the server knows of a statement link (GET statement-link, docs/api.md#reads): open (with the claim's
 * tier and code), its statement already received (and where its review stands), closed because the prize
 * passed to a reserve winner, unknown; or unchecked, when the question got no answer
 * (the form is offered anyway: the statement call checks the link again).
 */
export type LinkState =
  | { kind: 'checking' }
  | { kind: 'open'; tier: Tier; code: string }
  | { kind: 'received'; review: Review }
  | { kind: 'passed' }
  | { kind: 'unknown' }
  | { kind: 'unchecked' };

/**
 * Where a received statement stands in the organiser's review (docs/api.md#reads): not yet taken, being
 * checked, accepted, or rejected with the sentence the winner reads.
 */
export type Review =
  | { state: 'received' }
  | { state: 'in-review' }
  | { state: 'accepted'; issue?: PrizeIssue }
  | { state: 'rejected'; reason: string; reference: string };

/**
 * What became of an accepted prize (docs/decisions/prize-issue.md#winner-page): sent (the carrier and the
 * parcel's number), returned, delivered, handed over or paid, on a day 'YYYY-MM-DD'.
 */
export interface PrizeIssue {
  state: Exclude<IssueState, 'to-issue'>;
  on: string;
  carrier?: string;
  tracking?: string;
}

/** What the page names: a prize still to be issued says nothing of its way yet. */
const SHOWN_STATES: readonly string[] = ISSUE_STATES.filter((state) => state !== 'to-issue');

function issueOf(issue: unknown): PrizeIssue | undefined {
  if (!issue || typeof issue !== 'object') return undefined;
  const { state, on, carrier, tracking } = issue as Record<string, unknown>;
  if (typeof state !== 'string' || !SHOWN_STATES.includes(state) || typeof on !== 'string') return undefined;
  return {
    state: state as PrizeIssue['state'],
    on,
    ...(typeof carrier === 'string' ? { carrier } : {}),
    ...(typeof tracking === 'string' ? { tracking } : {}),
  };
}

function reviewOf(body: {
  review?: unknown;
  reason?: unknown;
  reference?: unknown;
  issue?: unknown;
}): Review {
  if (body.review === 'in-review') return { state: body.review };
  if (body.review === 'accepted') {
    const issue = issueOf(body.issue);
    return issue ? { state: 'accepted', issue } : { state: 'accepted' };
  }
  if (body.review === 'rejected')
    return {
      state: 'rejected',
      reason: typeof body.reason === 'string' ? body.reason : '',
      reference: typeof body.reference === 'string' ? body.reference : '',
    };
  return { state: 'received' };
}

export async function checkStatementLink(hash: string): Promise<LinkState> {
  try {
    const response = await fetch(apiUrl(`statement-link?hash=${encodeURIComponent(hash)}`));
    if (response.status === 404) return { kind: 'unknown' };
    if (!response.ok) return { kind: 'unchecked' };
    const body = (await response.json()) as {
      status?: unknown;
      tier?: unknown;
      code?: unknown;
      review?: unknown;
      reason?: unknown;
      reference?: unknown;
      issue?: unknown;
    };
    const tier = typeof body.tier === 'string' ? tierById(body.tier) : undefined;
    if (body.status === 'received') return { kind: 'received', review: reviewOf(body) };
    if (body.status === 'passed') return { kind: 'passed' };
    if (body.status === 'open' && tier && typeof body.code === 'string') {
      return { kind: 'open', tier, code: body.code };
    }
    return { kind: 'unchecked' };
  } catch {
    return { kind: 'unchecked' };
  }
}

/** docs/decisions/statement-page.md#statement-link-check: a hash tier's page asks about its link as it opens; without a hash there is nothing to ask. */
export function useStatementLink(hash: string | null): LinkState {
  const [state, setState] = useState<LinkState>({ kind: hash ? 'checking' : 'unchecked' });
  useEffect(() => {
    if (!hash) return;
    let current = true;
    void checkStatementLink(hash).then((answer) => {
      if (current) setState(answer);
    });
    return () => {
      current = false;
    };
  }, [hash]);
  return state;
}
