import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * An answer every visitor reads (a winners list, a rendered page), encoded and compressed once and sent
 * from memory: the hot paths only pick one of its header sets and buffers.
 */
export interface CachedBody {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  headers: {
    notModified: Record<string, string>;
    ok: Record<Encoding, Record<string, string | number>>;
  };
}

/** `headers`: what every answer carries (cache-control among them) besides its own type, tag and length. */
export async function cachedBody(
  text: string,
  contentType: string,
  headers: Record<string, string>,
): Promise<CachedBody> {
  const identity = Buffer.from(text, 'utf8');
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
  ]);
  // Weak: the same entity is sent in three encodings.
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const notModified = { ...headers, etag, vary: 'accept-encoding' };
  const ok = (encoding: Encoding, body: Buffer) => ({
    ...notModified,
    'content-type': contentType,
    'content-length': body.length,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  });
  return {
    identity,
    gzip: gz,
    br,
    etag,
    headers: {
      notModified,
      ok: { br: ok('br', br), gzip: ok('gzip', gz), identity: ok('identity', identity) },
    },
  };
}

function preferredEncoding(header: string | undefined): Encoding {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q === undefined || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true; // what browsers send back: no parsing needed
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/** Straight to the node response: 304 when the client's copy is current, else the best encoding it takes. */
export function writeCachedBody(request: IncomingMessage, response: ServerResponse, body: CachedBody) {
  if (matches(request.headers['if-none-match'], body.etag)) {
    response.writeHead(304, body.headers.notModified).end();
    return;
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  response.writeHead(200, body.headers.ok[encoding]);
  response.end(request.method === 'HEAD' ? undefined : body[encoding]);
}
