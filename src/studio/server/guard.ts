import type { IncomingMessage } from 'node:http';

// The studio writes files on the machine it runs on: it answers only a browser that asked for it by its
// loopback name (no DNS rebinding: a foreign name resolving to 127.0.0.1 is refused) and takes changes only
// from its own pages (no cross-site writes: another site's page cannot save through the user's browser).

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];
const SAFE_METHODS = ['GET', 'HEAD'];

export type Refusal = { status: 403 | 405; message: string };

/** Why a request is refused, or undefined when the studio may answer it. */
export function refusal(
  request: Pick<IncomingMessage, 'method' | 'headers'>,
  port: number,
): Refusal | undefined {
  const hosts = LOOPBACK_NAMES.map((name) => `${name}:${port}`);
  const address = `http://127.0.0.1:${port}/studio`;
  if (!hosts.includes(String(request.headers.host ?? '').toLowerCase())) {
    return { status: 403, message: `Studio formularzy odpowiada tylko pod adresem ${address}.` };
  }
  const method = request.method ?? 'GET';
  if (SAFE_METHODS.includes(method)) return undefined;
  if (method !== 'POST') return { status: 405, message: 'Studio formularzy nie przyjmuje takich żądań.' };
  const origin = String(request.headers.origin ?? '').toLowerCase();
  if (!hosts.some((host) => origin === `http://${host}`)) {
    return { status: 403, message: `Zmiany przyjmuje tylko studio otwarte pod adresem ${address}.` };
  }
  return undefined;
}
