import { statementEndpoint, type Tier } from '../../../shared/campaign';
import type { StatementPayload } from '../../../shared/statement/payload';
import { apiUrl, errorMessageOf } from '../../lib/api';

export type SubmitResult = { ok: true } | { ok: false; message: string };

/** spec §7: POST the statement; a failure carries the server's `message` ('' when absent). */
export async function submitStatement(tier: Tier, payload: StatementPayload): Promise<SubmitResult> {
  try {
    const response = await fetch(apiUrl(statementEndpoint(tier)), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return response.ok ? { ok: true } : { ok: false, message: await errorMessageOf(response) };
  } catch {
    return { ok: false, message: '' };
  }
}
