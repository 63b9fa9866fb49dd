// npm run studio: the form studio (docs/form-studio.md) for the non-developers who change the statement
// forms. A Vite dev server on 127.0.0.1 only, serving the studio's page and its calls; it edits the schemas/
// folder of this checkout. A tool beside the product: never in the production build, never in the server.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { realpathSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer, type Plugin } from 'vite';
import { studioApi } from './api';
import { refusal } from './guard';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEFAULT_PORT = 5180;
const SERVED = ['src', 'schemas', 'widgets', 'node_modules'];

function portFromEnvironment(): number {
  const value = process.env.STUDIO_PORT;
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`STUDIO_PORT musi być numerem portu (1–65535), a jest „${value}”.`);
    process.exit(1);
  }
  return port;
}

const port = portFromEnvironment();

/** The guard and the calls, before anything of Vite's (which would otherwise serve any file it may). */
const studio: Plugin = {
  name: 'form-studio',
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      const refused = refusal(request, port);
      if (refused) {
        response.statusCode = refused.status;
        response.setHeader('content-type', 'text/plain; charset=utf-8');
        response.end(refused.message);
        return;
      }
      // The address the studio prints has no trailing slash; the page lives below /studio/.
      if (request.url === '/' || request.url === '/studio') request.url = '/studio/';
      next();
    });
    server.middlewares.use(studioApi(root));
    // Vite's own error page is English, with a stack trace: the studio answers in a sentence instead.
    return () => {
      server.middlewares.use(
        (error: unknown, _request: unknown, response: ServerResponse, _next: unknown) => {
          console.error(`Studio formularzy: błąd przy odpowiedzi (${(error as Error)?.name ?? 'błąd'}).`);
          response.statusCode = 500;
          response.setHeader('content-type', 'text/plain; charset=utf-8');
          response.end('Studio nie może pokazać tej strony — odśwież ją albo uruchom studio ponownie.');
        },
      );
    };
  },
};

const server = await createServer({
  configFile: path.join(root, 'vite.config.ts'),
  root: path.join(root, 'src/studio/app'),
  base: '/studio/',
  appType: 'spa',
  // Its own pre-bundled dependencies: the product's dev server (npm run dev) keeps its own.
  cacheDir: path.join(root, 'node_modules/.vite-studio'),
  clearScreen: false,
  logLevel: 'warn',
  plugins: [studio],
  server: {
    host: '127.0.0.1',
    port,
    strictPort: true,
    cors: false,
    // The guard above answers a foreign Host itself, in Polish.
    allowedHosts: true,
    // The studio saves into the files Vite would watch: no reloads under the editor's hands.
    hmr: false,
    watch: null,
    // Only what the page is built from: never data/ (the database, the key) or anything else of the checkout.
    fs: {
      strict: true,
      // A folder may be a link (node_modules in a worktree): Vite checks the real paths.
      allow: SERVED.flatMap((folder) => [path.join(root, folder), realpathSync(path.join(root, folder))]),
      deny: ['.env', '.env.*', '*.{crt,pem,key,db}', '**/.git/**'],
    },
  },
});

try {
  await server.listen();
} catch (error) {
  const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' || /in use/.test(String(error));
  console.error(
    busy
      ? `Port ${port} jest zajęty — zamknij program, który go używa, albo ustaw inny: STUDIO_PORT=5181 npm run studio`
      : 'Studio formularzy nie uruchomiło się.',
  );
  process.exit(1);
}
console.log(`http://127.0.0.1:${port}/studio`);

const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
