import type { FastifyServerOptions } from 'fastify';
import { pathOnly } from './path-only';

/** Fastify's logger: JSON lines at `level`; requests logged by their path only, never a body. */
export function loggerOptions(options: {
  level: string;
  /** false silences logs (tests); a stream captures them. */
  logger?: boolean | { stream: NodeJS.WritableStream };
}): FastifyServerOptions['logger'] {
  if (options.logger === false) return false;
  return {
    level: options.level,
    ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: pathOnly(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
