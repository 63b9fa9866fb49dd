import { statementEndpoint, type Tier } from '../../../shared/campaign';
import type { StatementPayload } from '../../../shared/statement/payload';
import { apiUrl, errorMessageOf } from '../../lib/api';
import { reportError } from '../../lib/report-error';
import { texts } from '../../lib/statement-texts';

export type SubmitResult = { ok: true } | { ok: false; message: string };

/**
 * A statement with its photo is about a megabyte: on a weak mobile upload that takes tens of seconds, so
 * the wait is generous, and still shorter than the server's own request timeout (120 s).
 */
export const STATEMENT_TIMEOUT_MS = 60_000;

/**
 * spec §7: POST the statement; a failure carries the server's `message` ('' when absent, spec §8). No
 * answer at all (offline, a dropped connection, none in STATEMENT_TIMEOUT_MS) is told in Polish instead
 * (issue 14): the data stays in the form, to be sent again. Failures that are faults reach the operator.
 */
export async function submitStatement(tier: Tier, payload: StatementPayload): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(apiUrl(statementEndpoint(tier)), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(STATEMENT_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    reportError(timedOut ? 'statement-timeout' : 'statement-network');
    return { ok: false, message: timedOut ? texts.connection.timeout : texts.connection.lost };
  }
  if (response.ok) return { ok: true };
  if (response.status >= 500) reportError('statement-server', `HTTP ${response.status}`);
  // The browser's checks passed and the server refused the data: the two disagree.
  else if ([400, 413, 415].includes(response.status))
    reportError('statement-rejected', `HTTP ${response.status}`);
  return { ok: false, message: await errorMessageOf(response) };
}
