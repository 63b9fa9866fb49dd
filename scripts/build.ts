// npm run build: the browser's files and the server's render of the pages, into dist/ (CLIENT_DIR), and the
// server itself for plain `node`, into dist-server/ (npm run start:prod).
import path from 'node:path';
import { buildClient, buildServer, SERVER_BUNDLE_DIR } from './build-recipe.ts';

await buildClient(process.cwd(), path.resolve(process.env.CLIENT_DIR || 'dist'));
await buildServer(process.cwd(), path.resolve(SERVER_BUNDLE_DIR));
