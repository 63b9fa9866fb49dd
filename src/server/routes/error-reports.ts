import type { FastifyPluginAsync } from 'fastify';
import apiMessages from '#content/api-messages.json';
import {
  ERROR_REPORT_MESSAGE_MAX_CHARS,
  ERROR_REPORT_PATH_MAX_CHARS,
  isErrorReportKind,
} from '#shared/error-reports.ts';
import { isObject } from '#shared/json.ts';
import { scrubMessage, scrubPath, type ErrorForwarder, type ErrorReport } from '../http/error-reporting';

/** A report is a few hundred bytes (shared/error-reports.ts); anything much larger is no report. */
const BODY_LIMIT_BYTES = 4 * 1024;

const optionalText = (value: unknown, maxChars: number) =>
  value === undefined || (typeof value === 'string' && value.length <= maxChars);

/** The report the body holds, or undefined when it holds anything else. */
function readReport(body: unknown): ErrorReport | undefined {
  if (!isObject(body)) return undefined;
  const { kind, message, path, ...unknownKeys } = body;
  const valid =
    Object.keys(unknownKeys).length === 0 &&
    isErrorReportKind(kind) &&
    optionalText(message, ERROR_REPORT_MESSAGE_MAX_CHARS) &&
    optionalText(path, ERROR_REPORT_PATH_MAX_CHARS);
  if (!valid) return undefined;
  return {
    kind,
    ...(typeof message === 'string' ? { message: scrubMessage(message) } : {}),
    ...(typeof path === 'string' ? { path: scrubPath(path) } : {}),
  };
}

/**
 * spec §7: POST error-report — an error a visitor met reaches the operator: logged (warn) without personal
 * data and, with ERROR_REPORT_DSN, forwarded to a Sentry-compatible service. Nothing about visits is kept.
 */
export const errorReportRoutes: FastifyPluginAsync<{ forwarder: ErrorForwarder | undefined }> = async (
  app,
  { forwarder },
) => {
  app.post(
    '/error-report',
    {
      config: { rateLimit: {}, noStore: true },
      bodyLimit: BODY_LIMIT_BYTES,
      // Only JSON: Fastify would otherwise parse text/plain too.
      onRequest: async (request, reply) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== 'application/json') {
          return reply.status(415).send({ message: apiMessages.unsupportedMediaType });
        }
      },
    },
    async (request, reply) => {
      const report = readReport(request.body);
      if (!report) return reply.status(400).send({ message: apiMessages.invalidJson });
      request.log.warn({ report }, 'error reported by a browser');
      forwarder?.send(report, 'browser');
      return reply.status(204).send();
    },
  );
};
