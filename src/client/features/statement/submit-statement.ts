import { statementEndpoint, type Tier } from '#shared/campaign.ts';
import type { StatementPayload } from '#shared/statement/payload.ts';
import { apiUrl, errorMessageOf } from '../../lib/api';
import { reportError } from '../../lib/report-error';
import { texts } from '#shared/content/statement-texts.ts';

/**
 * A sent statement has its `reference` (docs/api.md#statements) when the server gave one; a complaint its
 * `deadline` too (docs/api.md "Complaints").
 */
export type SubmitResult =
  { ok: true; reference?: string; deadline?: string } | { ok: false; message: string };

/**
 * A statement with its photo is about a megabyte: on a weak mobile upload that takes tens of seconds, so
 * the wait is generous, and still shorter than the server's own request timeout (120 s).
 */
export const STATEMENT_TIMEOUT_MS = 60_000;

/** Answers of a proxy in front of the server, not of the server: 502 Bad Gateway, 504 Gateway Timeout. */
const GATEWAY_FAILURES = [502, 504];

/**
 * The reference of a 201 answer, `{"status":"ok","reference":"K7QM-4XD9"}`. An older server answers
 * `{"status":"ok"}` alone, and an unreadable body is no failure: the statement was stored either way.
 */
async function referenceOf(response: Response): Promise<{ reference?: string; deadline?: string }> {
  try {
    const { reference, deadline } = (await response.json()) as { reference?: unknown; deadline?: unknown };
    return {
      ...(typeof reference === 'string' && reference.trim() !== '' && reference.length <= 32
        ? { reference: reference.trim() }
        : {}),
      ...(typeof deadline === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(deadline) ? { deadline } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * spec §7: POST the statement; a failure carries the server's `message` ('' when absent, spec §8). No
 * answer at all (offline, a dropped connection, none in STATEMENT_TIMEOUT_MS) is told in Polish instead
 * (docs/decisions/statement-page.md#no-answer): the data stays in the form, to be sent again. Failures that
 * are faults reach the operator.
 */
export const submitStatement = (tier: Tier, payload: StatementPayload): Promise<SubmitResult> =>
  submitForm(statementEndpoint(tier), payload);

/** POST a form's body to its call (a statement's, the complaint's), answered as submitStatement says. */
export async function submitForm(endpoint: string, body: unknown): Promise<SubmitResult> {
  // An AbortController, not AbortSignal.timeout(): Safari has that only from 16, and a winner on an older
  // iPhone must still be able to send.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, STATEMENT_TIMEOUT_MS);
  try {
    const response = await fetch(apiUrl(endpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (response.ok) return { ok: true, ...(await referenceOf(response)) };
    if (response.status >= 500) reportError('statement-server', `HTTP ${response.status}`);
    // The browser's checks passed and the server refused the data: the two disagree.
    else if ([400, 413, 415].includes(response.status))
      reportError('statement-rejected', `HTTP ${response.status}`);
    const message = await errorMessageOf(response);
    // A proxy's 502 or 504 without our message: the server could not be reached or did not answer in time.
    if (!message && GATEWAY_FAILURES.includes(response.status)) {
      return { ok: false, message: texts.connection.timeout };
    }
    return { ok: false, message };
  } catch {
    reportError(timedOut ? 'statement-timeout' : 'statement-network');
    return { ok: false, message: timedOut ? texts.connection.timeout : texts.connection.lost };
  } finally {
    clearTimeout(timer);
  }
}
