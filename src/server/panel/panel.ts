import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import apiMessages from '#content/api-messages.json';
import type { AppDeps } from '../deps';
import { panelBuildDir } from '../pages/client-build';
import { panelCalls } from './calls';
import type { PanelSettings } from '../staff/settings';

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  request.url.startsWith('/panel/api/')
    ? reply.status(404).send({ message: apiMessages.notFound })
    : reply.status(404).type('text/plain; charset=utf-8').send(apiMessages.notFound);

/**
 * docs/api.md#staff-panel: the staff panel under /panel — its calls, its own bundle (dist/.panel, built from
 * src/panel) and its page for every path of the app. With PANEL_HOST only that host is answered; without
 * it, on localhost, a page asked for under another host name (127.0.0.1) is sent to the panel's own origin,
 * where passkeys work.
 */
export const panel: FastifyPluginAsync<
  AppDeps & { settings: PanelSettings; clientDir: string | undefined }
> = async (app, { settings, clientDir, storage, clock, statementsKey }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.host === settings.host) return;
    if (settings.hostOnly) return notFound(request, reply);
    // On a developer's machine the panel opened as 127.0.0.1 is sent to localhost, where its passkeys
    // belong. Elsewhere a proxy may rewrite the Host header: a redirect there could loop.
    if (settings.rpId === 'localhost' && !request.url.startsWith('/panel/api/'))
      return reply.redirect(`${settings.origin}${request.url}`, 302);
  });

  await app.register(panelCalls, { prefix: '/api', settings, storage, clock, statementsKey });

  const dir = clientDir && panelBuildDir(clientDir);
  const page = dir && path.join(dir, 'index.html');
  if (!page || !fs.existsSync(page)) return;
  const html = fs.readFileSync(page);
  await app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // Not a file, not a call (an unknown call is the calls' 404): a path of the app, which routes it itself.
  const servePage = async (request: FastifyRequest, reply: FastifyReply) =>
    path.extname(request.url.split('?')[0]!) === '' && !request.url.startsWith('/panel/api/')
      ? reply.type('text/html; charset=utf-8').send(html)
      : notFound(request, reply);
  app.get('/', servePage);
  app.get('/*', servePage);
};
