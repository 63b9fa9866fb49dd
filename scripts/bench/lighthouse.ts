// npm run bench: Lighthouse's mobile runs, medians of three per page.
import lighthouse, { type Result } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH, type RunningServer } from '../../test/e2e/harness';
import { median, record } from './report';

const LIGHTHOUSE_RUNS = 3;
// Per page: the performance score and largest contentful paint budgets (medians of the runs).
const LIGHTHOUSE_PAGES = [
  { pathname: '/', performance: 98, lcpMs: 1000 },
  { pathname: '/oswiadczenie-iii-stopnia', performance: 95, lcpMs: 1200 },
];

export async function measureLighthouse(server: RunningServer) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    for (const budget of LIGHTHOUSE_PAGES) {
      const runs: Result[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        const result = await lighthouse(`${server.url}${budget.pathname}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        runs.push(result!.lhr);
      }
      // A figure of every run and their median, the verdict's.
      const figure = (of: (lhr: Result) => number) => {
        const values = runs.map(of);
        return { values, median: median(values) };
      };
      const score = (id: string) => figure((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100));
      const [performance, accessibility, practices] = [
        score('performance'),
        score('accessibility'),
        score('best-practices'),
      ];
      const failing = new Set(
        runs.flatMap((lhr) =>
          Object.values(lhr.audits)
            .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
            .map((audit) => audit.id),
        ),
      );
      // A run Lighthouse could not finish scores 0: its error is named.
      const errors = runs.flatMap((lhr) => lhr.runtimeError?.code ?? []);
      const scores = (run: number) =>
        [performance, accessibility, practices].map((scored) => scored.values[run]).join(' / ');
      record(
        `Lighthouse mobile ${budget.pathname}: performance / accessibility / best practices`,
        `≥ ${budget.performance} / 100 / ≥ 95`,
        `${performance.median} / ${accessibility.median} / ${practices.median} (${runs.map((_, run) => scores(run)).join(', ')})` +
          (failing.size ? ` (failing: ${[...failing].join(', ')})` : '') +
          (errors.length ? ` (run errors: ${errors.join(', ')})` : ''),
        performance.median >= budget.performance && accessibility.median === 100 && practices.median >= 95,
      );
      // A run without a largest contentful paint counts as the slowest.
      const lcp = figure((lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity);
      const seconds = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : 'none');
      // What explains a score apart from the page: the main thread's blocking time, and how fast
      // Lighthouse found this machine (its benchmark index; a busy or slow machine scores lower).
      const blocking = runs.map((lhr) => Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN));
      const machine = runs.map((lhr) => lhr.environment.benchmarkIndex);
      record(
        `largest contentful paint on ${budget.pathname} (Lighthouse mobile throttling)`,
        `≤ ${(budget.lcpMs / 1000).toFixed(1)} s`,
        `${seconds(lcp.median)} s (${lcp.values.map(seconds).join(', ')}); total blocking time ${blocking.join(', ')} ms; benchmark index ${machine.join(', ')}`,
        lcp.median <= budget.lcpMs,
      );
    }
  } finally {
    await chrome.kill();
  }
}
