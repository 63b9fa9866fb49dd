// docs/decisions/complaints.md#desk: how a complaint came, where it stands and what was decided, listed once
// for the server's table and commands, the panel's calls and its desk.

export const COMPLAINT_CHANNELS = ['form', 'post'] as const;
export type ComplaintChannel = (typeof COMPLAINT_CHANNELS)[number];

/** Open until decided; decided (and changeable) until its answer is sent. */
export const COMPLAINT_STATES = ['open', 'decided', 'answered'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

export const COMPLAINT_DECISIONS = ['upheld', 'rejected'] as const;
export type ComplaintDecision = (typeof COMPLAINT_DECISIONS)[number];
