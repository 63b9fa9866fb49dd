import { buildServer, ensureClientBuild } from '../../scripts/build-recipe.ts';
import { E2E_CLIENT_DIR, E2E_SERVER_DIR } from './harness';

// One client build for the whole e2e run (skipped when dist/ is fresh), and one server bundle (always: it is
// quick, and a stale one would test old code).
export default async function setup() {
  await ensureClientBuild(process.cwd(), E2E_CLIENT_DIR, (line) => console.log(line));
  await buildServer(process.cwd(), E2E_SERVER_DIR);
}
