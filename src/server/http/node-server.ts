import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { HTTP_DEFAULTS, type ServerConfig } from '../config';

/** Answers a request in front of Fastify when it can (the winners lists, the pages); false passes it on. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

export type HttpLimit = 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnections';

/** How often Node looks for connections past their header or request timeout (its default: 30 s). */
const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;

/** How much of a request body still arriving after the answer is read and thrown away, at most. */
export const LINGER_MAX_BYTES = 32 * 1024 * 1024;
export const LINGER_MAX_MS = 30_000;
const LINGER_CHECK_INTERVAL_MS = 50;

export function bodyStillArriving(request: IncomingMessage): boolean {
  const declared =
    request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  // `complete` is Node's; a request injected in tests has none and is there in full.
  return declared && request.complete === false;
}

/**
 * docs/decisions/security.md#answer-before-upload: a 413 sent while the client was still uploading 15 MB
 * often ended in EPIPE. Node closes the connection right after an answer that ends it (Fastify ends it after
 * a body error, so as not to read what is left); the client's bytes still arriving then make the kernel
 * answer with a reset, which can also erase the answer before the client reads it (RFC 9112 §9.6). So, like
 * nginx's lingering close: read and discard the rest of the body, up to LINGER_MAX_BYTES and LINGER_MAX_MS,
 * and close only then. Node ends such a connection with socket.destroySoon(); this socket's one is wrapped,
 * once.
 */
export function closeAfterBody(request: IncomingMessage): void {
  const socket = request.socket;
  const close = socket.destroySoon;
  socket.destroySoon = () => {
    socket.destroySoon = close;
    if (request.complete || socket.destroyed) return close.call(socket);
    // Node's parser reads the socket itself (no 'data' events) and drops a dumped body: count at the socket.
    const readBefore = socket.bytesRead;
    const stop = (closeGently: boolean) => {
      clearInterval(check);
      clearTimeout(giveUp);
      socket.off('close', forget);
      request.off('end', drained);
      if (closeGently) close.call(socket);
      else socket.destroy();
    };
    const check = setInterval(() => {
      if (socket.bytesRead - readBefore > LINGER_MAX_BYTES) stop(false);
    }, LINGER_CHECK_INTERVAL_MS);
    const giveUp = setTimeout(() => stop(false), LINGER_MAX_MS);
    const drained = () => stop(true);
    const forget = () => stop(false);
    socket.once('close', forget);
    request.once('end', drained);
    // Node has set a body nobody read flowing (req._dump()); this covers one a parser left paused.
    request.resume();
  };
}

/**
 * The HTTP server, with its own limits against slow and idle clients
 * (docs/decisions/security.md#slow-clients-and-shutdown). A fast path (the winners lists, the pages) answers
 * before Fastify.
 */
export function createNodeServer(
  config: Partial<Pick<ServerConfig, HttpLimit>>,
  fastPath: { handle?: FastPath },
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: config.headersTimeoutMs ?? HTTP_DEFAULTS.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs ?? HTTP_DEFAULTS.requestTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs ?? HTTP_DEFAULTS.keepAliveTimeoutMs,
      connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS,
    },
    (request, response) => {
      if (!fastPath.handle?.(request, response)) handler(request, response);
    },
  );
  server.maxConnections = config.maxConnections ?? HTTP_DEFAULTS.maxConnections;
  return server;
}

/**
 * docs/decisions/security.md#slow-clients-and-shutdown: stops the app within deadlineMs. No new connections;
 * requests in flight may finish; once the deadline passes, the connections still open are closed, so a slow
 * or stuck client cannot hold the shutdown. Resolves 'forced' when that happened.
 */
export async function closeWithin(app: FastifyInstance, deadlineMs: number): Promise<'graceful' | 'forced'> {
  let forced = false;
  const timer = setTimeout(() => {
    forced = true;
    app.server.closeAllConnections();
  }, deadlineMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return forced ? 'forced' : 'graceful';
}

/** docs/decisions/security.md#slow-clients-and-shutdown: connections refused at the cap are logged, once a minute at most (they come in floods). */
export function logRefusedConnections(
  server: http.Server,
  log: { warn: (data: object, message: string) => void },
  now: () => number,
) {
  let refusedAt = -Infinity;
  server.on('drop', () => {
    if (now() - refusedAt < 60_000) return;
    refusedAt = now();
    log.warn({ maxConnections: server.maxConnections }, 'connection limit reached: refusing connections');
  });
}
