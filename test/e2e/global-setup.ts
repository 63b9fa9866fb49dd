import { ensureClientBuild } from '../../scripts/build-recipe.ts';
import { E2E_CLIENT_DIR } from './harness';

// One client build for the whole e2e run (skipped when dist/ is fresh).
export default async function setup() {
  await ensureClientBuild(process.cwd(), E2E_CLIENT_DIR, (line) => console.log(line));
}
