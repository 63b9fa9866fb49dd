// npm run build: the browser's files and the server's render of the pages, into dist/ (CLIENT_DIR).
import path from 'node:path';
import { buildClient } from '../src/server/client-build';

await buildClient(process.cwd(), path.resolve(process.env.CLIENT_DIR || 'dist'));
