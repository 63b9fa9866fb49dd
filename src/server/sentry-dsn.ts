// ERROR_REPORT_DSN's parts: parsed with the rest of the configuration (config.ts), used by the error
// forwarder at the edge (http/error-reporting.ts).

/** Where a Sentry-compatible service takes events, from its DSN `http(s)://<key>@<host>[/<prefix>]/<project>`. */
export interface SentryDsn {
  envelopeUrl: string;
  publicKey: string;
}

/** The DSN's parts, or undefined when it is none. */
export function parseSentryDsn(dsn: string): SentryDsn | undefined {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return undefined;
  }
  const prefix = url.pathname.split('/');
  const project = prefix.pop() ?? '';
  const valid =
    ['http:', 'https:'].includes(url.protocol) &&
    url.username !== '' &&
    /^\d+$/.test(project) &&
    url.search === '' &&
    url.hash === '';
  if (!valid) return undefined;
  return {
    envelopeUrl: `${url.origin}${prefix.join('/')}/api/${project}/envelope/`,
    publicKey: decodeURIComponent(url.username),
  };
}
