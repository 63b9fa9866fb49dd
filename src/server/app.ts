import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import apiMessages from '#content/api-messages.json';
import { HTTP_DEFAULTS, type ServerConfig } from './config';
import type { AppDeps } from './deps';
import { ErrorForwarder } from './http/error-reporting';
import { createNodeServer, logRefusedConnections, type FastPath, type HttpLimit } from './http/node-server';
import { PageCache } from './pages/pages';
import { readPageTemplate } from './pages/page-html';
import { errorMapping } from './plugins/error-mapping';
import { pageFallback } from './plugins/page-fallback';
import { loggerOptions } from './http/logging';
import { responsePolicy } from './plugins/response-policy';
import { staticFiles } from './plugins/static-files';
import { writeHealth } from './plugins/write-health';
import { registerRateLimit } from './http/rate-limit';
import { errorReportRoutes } from './routes/error-reports';
import { healthRoutes } from './routes/health';
import { resignationRoutes } from './routes/resignation';
import { statementLinkRoutes } from './routes/statement-link';
import { statementRoutes } from './routes/statements';
import { complaintRoutes } from './routes/complaints';
import { winnersFastPath, winnersRoutes } from './routes/winners';
import { pageHeaders, panelHeaders } from './http/security-headers';
import { panel } from './panel/panel';
import { parsePanelSettings } from './staff/settings';
import { WinnersCache } from './routes/winners-cache';

type ServerTuning =
  | 'redisUrl'
  | 'rateLimitMax'
  | 'rateLimitWindowMs'
  | 'winnersPollMs'
  | 'trustProxy'
  | 'hsts'
  | 'errorReportDsn'
  | 'panel'
  | HttpLimit;

export type AppConfig = Pick<ServerConfig, 'clientDir' | 'campaignNowMs' | 'logLevel'> &
  Partial<Pick<ServerConfig, ServerTuning>> & {
    /** false silences logs (tests); a stream captures them. */
    logger?: boolean | { stream: NodeJS.WritableStream };
  };

/**
 * The app: the winners lists and the rendered pages answered in front of Fastify from memory, then
 * Fastify with the response policy, the error mapping, the rate limits, the API and the built files.
 */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  // Set once the winners cache and the pages exist, below.
  const fastPath: { handle?: FastPath } = {};
  const app = Fastify({
    serverFactory: (handler) => createNodeServer(config, fastPath, handler),
    logger: loggerOptions({ level: config.logLevel, logger: config.logger }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Only the statement calls take bodies, with their own limits (routes/statements.ts).
    bodyLimit: 64 * 1024,
    // Answered by the response policy instead: Fastify's own 503 is English and skips the hooks.
    return503OnClosing: false,
    trustProxy: config.trustProxy ?? false,
  });
  logRefusedConnections(app.server, app.log, deps.clock.real);
  // Undefined where the client has not been built (tests of the API alone).
  const template = readPageTemplate(config.clientDir);
  const hsts = config.hsts ?? HTTP_DEFAULTS.hsts;
  const PAGE_HEADERS = pageHeaders({
    hsts,
    styleHashes: template?.styleHashes ?? [],
  });
  const forwarder = config.errorReportDsn
    ? new ErrorForwarder(config.errorReportDsn, app.log, deps.clock.real)
    : undefined;
  app.addHook('onClose', async () => forwarder?.close());

  await app.register(responsePolicy, { pageHeaders: PAGE_HEADERS, panelHeaders: panelHeaders({ hsts }) });
  await app.register(errorMapping, { forwarder });
  await app.register(writeHealth, { storage: deps.storage });
  await app.register(compress, { threshold: 1024 });
  await registerRateLimit(app, {
    max: config.rateLimitMax ?? 20,
    windowMs: config.rateLimitWindowMs ?? 60_000,
    redisUrl: config.redisUrl,
    now: deps.clock.real,
  });

  const winners = new WinnersCache(deps.storage, app.log, deps.clock.campaign);
  const pages =
    template &&
    (await PageCache.load(config.clientDir, template.html, {
      now: deps.clock.campaign,
      pinned: config.campaignNowMs !== undefined,
      headers: PAGE_HEADERS,
      log: app.log,
    }));
  const winnersLists = winnersFastPath(winners);
  fastPath.handle = (request, response) =>
    winnersLists(request, response) || (pages?.handle(request, response) ?? false);
  await winners.refresh();
  winners.start(config.winnersPollMs ?? 2_000);
  app.addHook('onClose', async () => winners.stop());

  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(winnersRoutes, { winners });
      await api.register(resignationRoutes, deps);
      await api.register(statementLinkRoutes, deps);
      await api.register(statementRoutes, deps);
      await api.register(complaintRoutes, deps);
      await api.register(errorReportRoutes, { forwarder });
      // Unknown calls include the statement calls asked with another method: their answers are not kept either.
      api.setNotFoundHandler((_request, reply) =>
        reply.status(404).header('cache-control', 'no-store').send({ message: apiMessages.notFound }),
      );
    },
    { prefix: '/api' },
  );

  await app.register(panel, {
    prefix: '/panel',
    ...deps,
    settings: config.panel ?? parsePanelSettings({}, 'http://localhost'),
    clientDir: template && config.clientDir,
  });

  if (pages) await app.register(staticFiles, { root: config.clientDir });

  await app.register(pageFallback, { pages });

  return app;
}
