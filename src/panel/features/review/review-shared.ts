// What the review pages share: their queries' keys, the statements' addresses.

/** Every page of the queue: an action on a statement refreshes them all. */
export const REVIEW_QUEUE_KEY = ['review', 'queue'] as const;
export const statementKey = (id: string) => ['review', 'statement', id] as const;

export const QUEUE_PATH = '/oswiadczenia';
export const statementPath = (id: string) => `${QUEUE_PATH}/${encodeURIComponent(id)}`;

/** A statement's link carries the queue's address (its filters and page), for the way back to it. */
export interface FromQueue {
  queue?: string;
}

/** The tier the queue was showing ('' for every tier): 'Weź następne' keeps to it. */
export const queueTierOf = ({ queue }: FromQueue) =>
  new URLSearchParams(queue?.split('?')[1] ?? '').get('tier') ?? '';
