import type { FastifyError, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import apiMessages from '#content/api-messages.json';
import { problemsMessage } from '../statements/validate-statement';
import { scrubPath, type ErrorForwarder } from '../http/error-reporting';
import { DomainError, type Refusal } from '../domain-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** spec §8: the route's errors are "pole: komunikat" items, whatever fails (the statement calls). */
    problems?: boolean;
  }
}

/** The domain's refusals as HTTP statuses: the only place they are (src/server/domain-errors.ts). */
const REFUSAL_STATUS: Record<Refusal, number> = {
  invalid: 400,
  'not-proven': 401,
  'not-allowed': 403,
  'not-found': 404,
  conflict: 409,
  'passkey-check-needed': 428,
};

/** An answer the HTTP shell itself gives by throwing: its status, Polish message, headers; nothing logged. */
export class ApiProblem extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** An error's body as the route declares it: "pole: komunikat" items or a plain message. */
export function errorBody(request: FastifyRequest, message: string): { message: string } {
  const problems = request.routeOptions.config.problems === true;
  return { message: problems ? problemsMessage([{ field: 'body', message }]) : message };
}

const knownErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: apiMessages.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: apiMessages.payloadTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: apiMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: apiMessages.invalidJson },
};

/**
 * Every error as a Polish answer: the client's mistakes with what went wrong, anything else as a 500 that
 * says nothing of the cause. An unexpected error is logged (and forwarded) by its name and code only:
 * messages of driver errors can quote the data that failed.
 */
export const errorMapping = fp<{ forwarder: ErrorForwarder | undefined }>(
  (app, { forwarder }, done) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ApiProblem) {
        return reply.status(error.statusCode).headers(error.headers).send(errorBody(request, error.message));
      }
      if (error instanceof DomainError) {
        return reply.status(REFUSAL_STATUS[error.refusal]).send(errorBody(request, error.message));
      }
      const known = error.code ? knownErrors[error.code] : undefined;
      if (known) return reply.status(known.status).send(errorBody(request, known.message));
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return reply.status(400).send(errorBody(request, apiMessages.invalidJson));
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        const message =
          { 404: apiMessages.notFound, 429: apiMessages.tooManyRequests }[error.statusCode] ??
          apiMessages.invalidJson;
        return reply.status(error.statusCode).send(errorBody(request, message));
      }
      request.log.error({ error: { name: error.name, code: error.code } }, 'request failed');
      forwarder?.send(
        {
          kind: 'server-error',
          message: [error.name, error.code].filter(Boolean).join(' '),
          path: scrubPath(request.url),
        },
        'server',
      );
      return reply.status(500).send(errorBody(request, apiMessages.unexpected));
    });
    done();
  },
  { name: 'error-mapping' },
);
