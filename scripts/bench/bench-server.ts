// npm run bench: the server the bench measures, as deployed, on a private port and DATA_DIR holding the
// bench's data set (dataset.ts) imported by the operator's command. Shared by the whole bench (bench.ts) and
// its statements row alone (statements.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, ensureClientBuild } from '../build-recipe.ts';
import { startServer, type RunningServer } from '../../test/e2e/harness';
import { runOperator } from '../../test/server/helpers/operator';
import { validStatements } from '../../test/fixtures/statements';
import { benchDataset } from './dataset';
import { isOnlineCode, tierForPrize } from '#shared/campaign.ts';

export interface BenchServer {
  server: RunningServer;
  /** Offline codes of the 200 zł (tier VI) winners: one statement each (server-load.ts). */
  tierVICodes: string[];
  /** A tier I link to an offline code: the browser figures fill its form. */
  tierILink: string;
  /** The server bundle's entry and the client's files, for the rows that start servers of their own. */
  serverMain: string;
  clientDir: string;
  /** Stops the server and removes its DATA_DIR. */
  stop(): Promise<void>;
}

/** Builds what is stale, imports the data set, starts the server; `nodeArgs` go before its entry. */
export async function startBenchServer(nodeArgs: string[] = []): Promise<BenchServer> {
  const root = process.cwd();
  const clientDir = path.join(root, '.tmp', 'bench-dist');
  await ensureClientBuild(root, clientDir, (line) => console.error(line));
  // The server as deployed (npm run start:prod): plain node, no TypeScript runner (under tsx, the runner
  // alone held 60 MB of the server's memory at start). Inside the project, so the bundle finds node_modules
  // as dist-server/ does.
  const serverDir = path.join(root, '.tmp', 'bench-server');
  await buildServer(root, serverDir);
  const serverMain = path.join(serverDir, 'main.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-bench-'));
  const dataset = benchDataset();
  const file = path.join(dataDir, 'winners.json');
  // Tiers III and VI are claimed with the contact the code was registered with: the fixtures' e-mail.
  const contact = (award: string) =>
    tierForPrize(award)?.claimBy === 'code' ? { email: validStatements[0]!.payload.email } : {};
  fs.writeFileSync(
    file,
    JSON.stringify({
      instant: dataset.instant.map((record) => ({ ...record, ...contact(record.award) })),
      draws: dataset.draws.map((record) => ({ ...record, ...contact(record.price) })),
    }),
  );
  const imported = await runOperator(['import-winners', file], { dataDir, databaseUrl: undefined });
  if (imported.exitCode !== 0) throw new Error(`import failed: ${imported.stderr}`);
  // The browser figures fill a tier I form: an unknown link shows a notice instead
  // (docs/decisions/statement-page.md#statement-link-check), and an offline code's form asks for the coupon
  // photo.
  const tierILink = imported.lines.find(
    (line) => line.tier === 'I' && !isOnlineCode(String(line.code)),
  )?.link;
  if (typeof tierILink !== 'string') throw new Error('no tier I link to an offline code in the data set');

  // MAIL=off: the import above queued a link mail and two reminders for each of the 4 800 tier III and VI
  // claims (their records carry an e-mail). With a dispatcher this server would send those links while the
  // rows are measured, and every figure would depend on how far it had got (without SMTP_URL it would not
  // even start: Vite's build leaves NODE_ENV=production in this process, and a production server wants
  // SMTP_URL). The mail has a server and a row of its own (mail-drain.ts). Queuing still happens: a
  // statement's transaction queues its confirmation as in production.
  const server = await startServer(
    { CLIENT_DIR: clientDir, RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'info', MAIL: 'off' },
    dataDir,
    [...nodeArgs, serverMain],
  );
  return {
    server,
    tierVICodes: dataset.tierVICodes,
    tierILink,
    serverMain,
    clientDir,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
