// npm run bench:statements: the bench's statements row alone (server-load.ts), on the bench's server and data
// set (bench-server.ts), to compare the server's CPU per statement between two versions of the code without
// the whole bench's twenty minutes. BENCH_NODE_ARGS gives the server's node options, space-separated: e.g.
// '--cpu-prof --cpu-prof-dir=.tmp/prof' writes a profile when it stops (Chrome's DevTools opens it), and
// '--perf-basic-prof' names JavaScript's functions for Linux perf (perf record -g -p <the server's pid>).
import { startBenchServer } from './bench-server';
import { printTable } from './report';
import { measureStatements } from './server-load';

async function main() {
  const bench = await startBenchServer((process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean));
  console.error(`server pid ${bench.server.process.pid}`);
  try {
    await measureStatements(bench.server, bench.tierVICodes);
  } finally {
    // SIGTERM: the server closes and exits on its own, so node writes the profile.
    await bench.stop();
  }
  process.exit(printTable() > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
