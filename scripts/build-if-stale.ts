// npm start: builds dist/ (CLIENT_DIR) first when it is missing or older than its sources.
import path from 'node:path';
import { ensureClientBuild } from './build-recipe.ts';

await ensureClientBuild(process.cwd(), path.resolve(process.env.CLIENT_DIR || 'dist'), (line) =>
  console.log(line),
);
