import {
  ERROR_REPORT_MESSAGE_MAX_CHARS,
  ERROR_REPORT_PATH_MAX_CHARS,
  type ErrorReportKind,
} from '#shared/error-reports.ts';
import { apiUrl } from './api';

/** A page that fails in a loop reports a few times, not thousands. */
const MAX_REPORTS_PER_PAGE_LOAD = 10;
const reported = new Set<string>();

/**
 * spec §7: tells the operator about an error this visitor met (POST error-report, docs/api.md#reads). The
 * same kind and message once per page load, MAX_REPORTS_PER_PAGE_LOAD at most; the path without its query (a
 * statement link's hash is a secret). Never throws and never waits: reporting must not add a failure.
 */
export function reportError(kind: ErrorReportKind, message?: string): void {
  const text = message?.slice(0, ERROR_REPORT_MESSAGE_MAX_CHARS);
  const key = JSON.stringify([kind, text]);
  if (reported.has(key) || reported.size >= MAX_REPORTS_PER_PAGE_LOAD) return;
  reported.add(key);
  const body = { kind, message: text, path: location.pathname.slice(0, ERROR_REPORT_PATH_MAX_CHARS) };
  // keepalive: the report still goes when the error made the visitor leave the page.
  fetch(apiUrl('error-report'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}
