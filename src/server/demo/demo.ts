import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../clock';
import type { Storage } from '../db';
import { countWinners, demoEverImported } from '../db/winners';
import { importWinnersFile } from '../winners/import';
import { demoWinners } from './dataset';
import { addDemoDecisions } from './decided';

export const DEMO_LINKS_FILE = 'demo-links.jsonl';

/**
 * docs/decisions/claims.md#demo-data: a newcomer's first `npm start` shows populated winners lists. Runs only
 * on an empty embedded database that never had the demo; the first real import-winners removes it. The demo
 * claims' statement links go to a file in DATA_DIR (mode 0600), not to the log, which never carries hashes.
 * Returns that file, or undefined when nothing ran.
 */
export async function importDemoIfEmpty(
  storage: Storage,
  dataDir: string,
  statementsKey: Buffer,
  clock: Clock,
): Promise<string | undefined> {
  if (storage.dialect !== 'sqlite') return undefined;
  if ((await demoEverImported(storage.db)) || (await countWinners(storage.db)) > 0) return undefined;
  const { lines } = await importWinnersFile(storage, demoWinners(), {
    statementsKey,
    clock,
    demo: true,
  });
  await addDemoDecisions(storage, lines, clock);
  const linksFile = path.join(dataDir, DEMO_LINKS_FILE);
  fs.writeFileSync(linksFile, lines.map((line) => `${JSON.stringify(line)}\n`).join(''), { mode: 0o600 });
  return linksFile;
}
