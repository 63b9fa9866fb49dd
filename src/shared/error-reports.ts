// spec §7: the errors visitors meet reach the operator through POST /api/error-report (docs/api.md#reads).

/**
 * What went wrong, as the browser reports it:
 * - `winners-render`: the winners table's error boundary caught a failure (spec §8);
 * - `unhandled`: an error or a rejected promise nothing caught;
 * - `statement-network`: a statement call got no answer (offline, dropped connection);
 * - `statement-timeout`: a statement call got no answer in time;
 * - `statement-server`: a statement call got a 5xx;
 * - `statement-rejected`: the server refused a statement the browser's own checks passed (400, 413, 415):
 *   the two disagree. Not for 404, 409 or 429, which answer the visitor, not a fault.
 */
export const ERROR_REPORT_KINDS = [
  'winners-render',
  'unhandled',
  'statement-network',
  'statement-timeout',
  'statement-server',
  'statement-rejected',
] as const;

export type ErrorReportKind = (typeof ERROR_REPORT_KINDS)[number];

export const isErrorReportKind = (value: unknown): value is ErrorReportKind =>
  (ERROR_REPORT_KINDS as readonly unknown[]).includes(value);

/** A report's `message` and `path`, at most: the browser cuts them, the server refuses longer ones. */
export const ERROR_REPORT_MESSAGE_MAX_CHARS = 300;
export const ERROR_REPORT_PATH_MAX_CHARS = 200;
