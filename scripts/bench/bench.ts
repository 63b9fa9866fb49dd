// npm run bench (docs/performance.md#the-bench): builds, starts the server on a private port and DATA_DIR
// with a data set of realistic size, measures, prints one table (figure, budget, measured, verdict) and exits
// 1 when a budget is missed. Speeds are compared with a baseline measured in the same run where the budget
// says so.
import fs from 'node:fs';
import { CHROMIUM_PATH, launchBrowser } from '../../test/e2e/harness';
import { startBenchServer } from './bench-server';
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
  const bench = await startBenchServer();
  const { server } = bench;
  // The full browser, as the budgets were measured with (the tests run the headless shell).
  const browser = await launchBrowser(CHROMIUM_PATH);
  try {
    await measurePages(browser, server, bench.tierILink);
    await measureLighthouse(server);
    await measureAgainstBare(server, server.dataDir);
    // The harness keeps every line the server logs; the load runs above left millions in this process,
    // whose collector then paused the statements' own client: the p99 measured this process, not the server.
    server.logs.length = 0;
    await measureStatements(server, bench.tierVICodes);
    await measureAbusiveBodies(server);
    const rss = rssMegabytes(server.process.pid!);
    record('server memory (RSS) after the load runs', '≤ 250 MB', `${Math.round(rss)} MB`, rss <= 250);
  } finally {
    await browser.close();
    await bench.stop();
  }
  // After the server above has stopped, so that each has the machine to itself.
  await measureMailDrain([bench.serverMain], bench.clientDir);
  await measureReview([bench.serverMain], bench.clientDir);

  const missed = printTable();
  process.exit(missed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
