import { randomUUID } from 'node:crypto';
import { isoAt } from '../clock';
import type { SentryDsn } from '../sentry-dsn';
import type { FastifyBaseLogger } from 'fastify';
import {
  ERROR_REPORT_MESSAGE_MAX_CHARS,
  ERROR_REPORT_PATH_MAX_CHARS,
  type ErrorReportKind,
} from '#shared/error-reports.ts';

/**
 * spec §7: an error a visitor met (reported by the browser) or the server's own unexpected error, as it is
 * logged and forwarded: scrubbed of personal data, a path without its query string, never a stack trace.
 */
export interface ErrorReport {
  kind: ErrorReportKind | 'server-error';
  message?: string;
  path?: string;
}

// E-mail addresses; runs of 5 or more digits, also written in groups (PESEL, phone, IBAN, serial numbers);
// query strings (statement links carry a secret hash).
const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;
const DIGIT_RUN = /\d(?:[\s./-]?\d){4,}/g;
const QUERY = /\?\S+/g;

function scrub(text: string, maxChars: number): string {
  return text
    .replace(QUERY, '?…')
    .replace(EMAIL, '<e-mail>')
    .replace(DIGIT_RUN, '<cyfry>')
    .slice(0, maxChars);
}

/** A message's first line (a stack trace's frames follow on the next ones), scrubbed and capped. */
export const scrubMessage = (message: string): string =>
  scrub(message.split(/\r?\n/, 1)[0]!, ERROR_REPORT_MESSAGE_MAX_CHARS);

/** The pathname alone, scrubbed and capped. */
export const scrubPath = (path: string): string =>
  scrub(path.split(/[?#]/, 1)[0]!, ERROR_REPORT_PATH_MAX_CHARS);

/** A forward Sentry has not answered by then is given up: nothing waits on it but memory. */
const FORWARD_TIMEOUT_MS = 2_000;
/** Beyond this many forwards still waiting (a slow Sentry, a flood of reports), further ones are dropped. */
const FORWARD_MAX_IN_FLIGHT = 20;
/** Failures are logged when they start and then at most this often, without details. */
const FAILURE_LOG_INTERVAL_MS = 60_000;
const SENTRY_CLIENT = 'loteria-error-report/1.0';

/** One event in Sentry's envelope format: envelope header, item header, event, one JSON line each. */
function envelope(report: ErrorReport, source: 'browser' | 'server', sentAtMs: number): string {
  const eventId = randomUUID().replaceAll('-', '');
  const sentAt = isoAt(sentAtMs);
  const event = {
    event_id: eventId,
    timestamp: sentAt,
    platform: source === 'browser' ? 'javascript' : 'node',
    level: 'error',
    logger: source,
    logentry: { formatted: report.message || report.kind },
    tags: { kind: report.kind, ...(report.path ? { path: report.path } : {}) },
  };
  return [{ event_id: eventId, sent_at: sentAt }, { type: 'event' }, event]
    .map((line) => JSON.stringify(line))
    .join('\n');
}

/**
 * Forwards scrubbed reports to a Sentry-compatible service (ERROR_REPORT_DSN), fire and forget: no answer
 * waits on it and its failures never reach a visitor.
 */
export class ErrorForwarder {
  private inFlight = 0;
  private failuresUnlogged = 0;
  private lastLoggedAt = -Infinity;
  private readonly closed = new AbortController();

  constructor(
    private readonly dsn: SentryDsn,
    private readonly log: FastifyBaseLogger,
    /** Real time: events' timestamps, log throttling. */
    private readonly now: () => number,
  ) {}

  send(report: ErrorReport, source: 'browser' | 'server'): void {
    if (this.closed.signal.aborted) return;
    if (this.inFlight >= FORWARD_MAX_IN_FLIGHT) return this.failed();
    this.inFlight += 1;
    fetch(this.dsn.envelopeUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_client=${SENTRY_CLIENT}, sentry_key=${this.dsn.publicKey}`,
      },
      body: envelope(report, source, this.now()),
      signal: AbortSignal.any([AbortSignal.timeout(FORWARD_TIMEOUT_MS), this.closed.signal]),
    })
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok) this.failed();
      })
      .catch(() => this.failed())
      .finally(() => (this.inFlight -= 1));
  }

  /** The server stops: forwards still waiting are given up, quietly. */
  close(): void {
    this.closed.abort();
  }

  private failed(): void {
    if (this.closed.signal.aborted) return;
    this.failuresUnlogged += 1;
    const now = this.now();
    if (now - this.lastLoggedAt < FAILURE_LOG_INTERVAL_MS) return;
    // No details: an error's message could quote the DSN, whose key is a credential.
    this.log.warn(
      { failures: this.failuresUnlogged },
      'error reports could not be forwarded to ERROR_REPORT_DSN',
    );
    this.lastLoggedAt = now;
    this.failuresUnlogged = 0;
  }
}
