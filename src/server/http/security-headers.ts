import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { campaign } from '#shared/campaign.ts';

const videoOrigin = new URL(campaign.links.video).origin;

/**
 * Pages and assets: a strict CSP (no 'unsafe-eval', no inline script; of inline styles only those whose
 * SHA-256 is in `styleHashes`, the page's own), helmet's other defaults.
 */
const contentSecurityPolicy = (styleHashes: string[]) => ({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", ...styleHashes],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameSrc: [videoOrigin],
    objectSrc: ["'none'"],
    // The pages have no <base>; 'none' stops injected markup from redirecting their relative URLs.
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});

/**
 * helmet's headers, worked out once at start-up: @fastify/helmet recomputed them (CSP included) on every
 * request, which cost the winners lists half their throughput (npm run bench).
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * docs/decisions/security.md#caching-and-hsts: HTTPS only, for a year, on every subdomain too. Browsers heed
 * it only over HTTPS, so plain HTTP on localhost is unaffected; pages carry it, and every visit starts with a
 * page.
 */
export const strictTransportSecurity = { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true };

/**
 * Pages' and assets' headers; `hsts: false` where the proxy that ends TLS sets HSTS itself; `styleHashes`:
 * the page's inline styles (readPageTemplate).
 */
export function pageHeaders(options: { hsts: boolean; styleHashes: string[] }): Record<string, string> {
  return helmetHeaders({
    contentSecurityPolicy: contentSecurityPolicy(options.styleHashes),
    strictTransportSecurity: options.hsts ? strictTransportSecurity : false,
  });
}

/**
 * docs/api.md#staff-panel: the staff panel's page loads nothing but its own files and calls, embeds and
 * frames nothing, and is never indexed.
 */
export function panelHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    ...helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          manifestSrc: ["'self'"],
          baseUri: ["'none'"],
          formAction: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
      strictTransportSecurity: options.hsts ? strictTransportSecurity : false,
    }),
    'x-robots-tag': 'noindex, nofollow',
  };
}

/** JSON answers are no documents: no CSP or framing rules, only never sniffed as something else. */
export const API_HEADERS = { 'x-content-type-options': 'nosniff' };
