// npm run bench (docs/performance.md#the-bench): builds, starts the server on a private port and DATA_DIR
// with a data set of realistic size, measures, prints one table (figure, budget, measured, verdict) and exits
// 1 when a budget is missed. Speeds are compared with a baseline measured in the same run where the budget
// says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, ensureClientBuild } from '../build-recipe.ts';
import { launchBrowser, startServer } from '../../test/e2e/harness';
import { runOperator } from '../../test/server/helpers/operator';
import { validStatements } from '../../test/fixtures/statements';
import { benchDataset } from './dataset';
import { isOnlineCode, tierForPrize } from '#shared/campaign.ts';
import { measurePages } from './browser';
import { measureLighthouse } from './lighthouse';
import { measureMailDrain } from './mail-drain';
import { measureReview } from './review-load';
import { printTable, record } from './report';
import { measureAbusiveBodies, measureAgainstBare, measureStatements } from './server-load';

function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function main() {
  const root = process.cwd();
  const clientDir = path.join(root, '.tmp', 'bench-dist');
  await ensureClientBuild(root, clientDir, (line) => console.error(line));
  // The server as deployed (npm run start:prod): plain node, no TypeScript runner (under tsx, the runner
  // alone held 60 MB of the server's memory at start). Inside the project, so the bundle finds node_modules
  // as dist-server/ does.
  const serverDir = path.join(root, '.tmp', 'bench-server');
  await buildServer(root, serverDir);
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
  // rows below are measured, and every figure would depend on how far it had got (without SMTP_URL it would
  // not even start: Vite's build leaves NODE_ENV=production in this process, and a production server wants
  // SMTP_URL). The mail has a server and a row of its own (mail-drain.ts). Queuing still happens: a
  // statement's transaction queues its confirmation as in production.
  const server = await startServer(
    { CLIENT_DIR: clientDir, RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'info', MAIL: 'off' },
    dataDir,
    [path.join(serverDir, 'main.js')],
  );
  const browser = await launchBrowser();
  try {
    await measurePages(browser, server, tierILink);
    await measureLighthouse(server);
    await measureAgainstBare(server, dataDir);
    // The harness keeps every line the server logs; the load runs above left millions in this process,
    // whose collector then paused the statements' own client: the p99 measured this process, not the server.
    server.logs.length = 0;
    await measureStatements(server, dataset.tierVICodes);
    await measureAbusiveBodies(server);
    const rss = rssMegabytes(server.process.pid!);
    record('server memory (RSS) after the load runs', '≤ 250 MB', `${Math.round(rss)} MB`, rss <= 250);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // After the server above has stopped, so that each has the machine to itself.
  await measureMailDrain([path.join(serverDir, 'main.js')], clientDir);
  await measureReview([path.join(serverDir, 'main.js')], clientDir);

  const missed = printTable();
  process.exit(missed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
