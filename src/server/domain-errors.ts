/**
 * What a rule of the house refused, in its own words. The domain (claims, review, staff, payouts) throws it
 * and speaks no HTTP: the edge says it its own way, the HTTP error mapping as a status
 * (plugins/error-mapping.ts), the operator's commands as the message alone and exit code 1 (operator/run.ts).
 */
export type Refusal =
  /** What was asked is malformed or impossible: a filter, a note too long, a passkey that answers nothing. */
  | 'invalid'
  /** A passkey did not prove who it claims to be. */
  | 'not-proven'
  /** Not this person's to do: someone else's statement, their own decision, their own roles. */
  | 'not-allowed'
  /** What was named does not exist (or is not to be shown to exist). */
  | 'not-found'
  /** The state moved on: taken by another, decided, the undo window closed, the last admin. */
  | 'conflict'
  /** docs/decisions/staff.md#passkey-check: the session must prove a passkey again first. */
  | 'passkey-check-needed';

/** A refusal with its Polish sentence (from content), shown as it is to whoever asked. */
export class DomainError extends Error {
  constructor(
    readonly refusal: Refusal,
    message: string,
  ) {
    super(message);
  }
}
