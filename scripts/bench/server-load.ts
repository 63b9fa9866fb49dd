// npm run bench: the server under load — answers against a bare node:http server, statements written,
// abusive bodies refused.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import readline from 'node:readline';
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type { RunningServer } from '../../test/e2e/harness';
import { validStatements } from '../../test/fixtures/statements';
import { median, record } from './report';

const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 4;

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ connections: 100, duration: LOAD_SECONDS, ...options });
}

async function startBare(fixture: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join('scripts/bench/bare-server.mjs'), fixture], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    readline.createInterface({ input: child.stdout! }).on('line', (line) => resolve(line.split(' ')[1]!)),
  );
  return { url: `http://127.0.0.1:${port}`, child };
}

// The answers compared with the bare server, each asked like a browser does (br, gzip accepted).
const BARE_TARGETS = [
  {
    pathname: '/api/publish-winners',
    minRatio: 0.6,
    what: (body: Buffer) => `${(JSON.parse(body.toString()) as { data: unknown[] }).data.length} records`,
  },
  // The landing page's HTML: soon rendered on the server, with an ETag and cache-control: no-cache.
  { pathname: '/', minRatio: 0.7, what: () => 'landing page HTML' },
];
const BROWSER_ENCODINGS = { 'accept-encoding': 'br, gzip' };

/** Our answer to GET pathname (and its 304 when it has an ETag), as the bare server replays it. */
async function captureAnswer(url: string) {
  const first = await fetch(url, { headers: BROWSER_ENCODINGS });
  const body = Buffer.from(await first.arrayBuffer());
  const encoding = first.headers.get('content-encoding');
  // fetch decodes: encode again with what the server sent, to serve the baseline the same bytes.
  const encoded =
    encoding === 'br' ? zlib.brotliCompressSync(body) : encoding === 'gzip' ? zlib.gzipSync(body) : body;
  const etag = first.headers.get('etag');
  const notModified = etag
    ? await fetch(url, { headers: { ...BROWSER_ENCODINGS, 'if-none-match': etag } })
    : undefined;
  // The bare server sends a content-length: a chunked answer of ours is replayed whole.
  const ownHeaders = (response: Response) =>
    Object.fromEntries(
      [...response.headers].filter(
        ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
      ),
    );
  return {
    body,
    encoding,
    etag,
    fixture: {
      etag,
      body: encoded.toString('base64'),
      headers: { ...ownHeaders(first), 'content-length': encoded.length },
      notModifiedHeaders: notModified && ownHeaders(notModified),
    },
  };
}

export async function measureAgainstBare(server: RunningServer, dataDir: string) {
  const answers = await Promise.all(
    BARE_TARGETS.map(async (target) => ({
      ...target,
      ...(await captureAnswer(server.url + target.pathname)),
    })),
  );
  const fixture = path.join(dataDir, 'bare.json');
  fs.writeFileSync(
    fixture,
    JSON.stringify(Object.fromEntries(answers.map((answer) => [answer.pathname, answer.fixture]))),
  );
  const bare = await startBare(fixture);
  try {
    for (const { pathname, minRatio, what, body, encoding, etag } of answers) {
      const urls = [bare.url + pathname, server.url + pathname] as const;
      const full = await compareWithBare(...urls, BROWSER_ENCODINGS);
      record(
        `GET ${pathname} (${what(body)}, ${encoding ?? 'identity'}) req/s, 100 connections`,
        `≥ ${minRatio * 100} % of bare node:http`,
        full.summary + (full.clean ? '' : ', WRONG STATUSES OR ERRORS'),
        full.ratio >= minRatio && full.clean,
      );
      if (!etag) continue;
      const notModified = await compareWithBare(...urls, { ...BROWSER_ENCODINGS, 'if-none-match': etag });
      record(
        'the same with If-None-Match (304)',
        '≥ 70 % of bare node:http',
        notModified.summary + (notModified.clean ? '' : ', WRONG STATUSES OR ERRORS'),
        notModified.ratio >= 0.7 && notModified.clean,
      );
    }
  } finally {
    bare.child.kill();
  }
}

/**
 * Paired runs against the bare server and ours, so both see the same machine load, in alternating
 * order; the verdict takes the median of the per-pair ratios.
 */
async function compareWithBare(bareUrl: string, ourUrl: string, headers: Record<string, string>) {
  const ratios: number[] = [];
  const ours: number[] = [];
  const bare: number[] = [];
  let clean = true;
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate which server goes first: the second run of a pair tends to see a busier machine.
    const bareFirst = round % 2 === 0;
    const first = await load({ url: bareFirst ? bareUrl : ourUrl, headers });
    const second = await load({ url: bareFirst ? ourUrl : bareUrl, headers });
    const [baseline, measured] = bareFirst ? [first, second] : [second, first];
    const wrongStatus = headers['if-none-match']
      ? measured['2xx'] + measured['4xx'] + measured['5xx']
      : measured.non2xx;
    clean &&= measured.errors === 0 && measured.timeouts === 0 && wrongStatus === 0;
    bare.push(baseline.requests.average);
    ours.push(measured.requests.average);
    ratios.push(measured.requests.average / baseline.requests.average);
  }
  const ratio = median(ratios);
  return {
    ratio,
    clean,
    summary: `${Math.round(median(ours))} vs ${Math.round(median(bare))} req/s, median ratio ${Math.round(ratio * 100)} % (${ROUNDS} rounds)`,
  };
}

const STATEMENT_ROUNDS = 3;

/** The CPU time a process has used, user and system, in ms (/proc/<pid>/stat counts in 1/100 s on Linux). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Each winning code takes one statement, and the data set has codes for one round only: they are split
 * into three equal parts, one per round. The verdict takes the median rate and p99 of the rounds.
 */
export async function measureStatements(server: RunningServer, codes: string[]) {
  // The shared fixture's tier VI statement (offline code, serial number), once per winning code.
  const fixture = validStatements.find((candidate) => candidate.tier === 'VI')!.payload;
  const statement = (code: string) => JSON.stringify({ ...fixture, code });
  const perRound = Math.floor(codes.length / STATEMENT_ROUNDS);
  const rates: number[] = [];
  const p99s: number[] = [];
  const firstAnswers: number[] = [];
  let created = 0;
  const cpuBefore = cpuMs(server.process.pid!);
  for (let round = 0; round < STATEMENT_ROUNDS; round += 1) {
    const roundCodes = codes.slice(round * perRound, (round + 1) * perRound);
    let next = 0;
    // Each client's first answer (its connection new, as a visitor's statement usually comes) apart.
    const answered = new Set<unknown>();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon(
        {
          url: `${server.url}/api/complete-testimonial`,
          connections: 50,
          amount: roundCodes.length,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              setupRequest: (request) => ({
                ...request,
                body: statement(roundCodes[next++ % roundCodes.length]!),
              }),
            },
          ],
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      run.on('response', (client, _status, _bytes, ms) => {
        if (answered.has(client)) return;
        answered.add(client);
        firstAnswers.push(ms);
      });
    });
    rates.push(result.requests.average);
    p99s.push(result.latency.p99);
    created += result['2xx'];
  }
  const [rate, p99] = [median(rates), median(p99s)];
  // What a burst of new connections waits behind: the server's CPU per statement (steadier than the p99).
  const cpuPerStatement = ((cpuMs(server.process.pid!) - cpuBefore) * 1000) / (perRound * STATEMENT_ROUNDS);
  record(
    `POST /api/complete-testimonial, tier VI, distinct claims (SQLite), median of ${STATEMENT_ROUNDS} rounds`,
    '≥ 500 statements/s, p99 ≤ 100 ms',
    `${Math.round(rate)} statements/s (${rates.map(Math.round).join(', ')}), p99 ${p99} ms (${p99s.join(', ')}), ${created}/${perRound * STATEMENT_ROUNDS} created; first answer on each new connection: median ${Math.round(median(firstAnswers))} ms; server CPU ${Math.round(cpuPerStatement)} µs per statement`,
    rate >= 500 && p99 <= 100 && created === perRound * STATEMENT_ROUNDS,
  );
}

/**
 * Issue 10 §1: four clients each post a 2.5 MB statement of 280 000 unknown keys at once. Each must get a
 * short 4xx well under 500 ms, and a winners list asked meanwhile must answer as fast.
 */
export async function measureAbusiveBodies(server: RunningServer) {
  const keys = Array.from({ length: 280_000 }, (_, index) => `"${index.toString(36)}":1`).join(',');
  const body = `{"type":"III",${keys}}`;
  const post = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/complete-testimonial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await response.text();
    return { ms: performance.now() - started, status: response.status, bytes: text.length };
  };
  const list = async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await (await fetch(`${server.url}/api/WinnersList`)).arrayBuffer();
    return performance.now() - started;
  };
  const [listMs, ...answers] = await Promise.all([list(), post(), post(), post(), post()]);
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  const ok = answers.every((answer) => answer.status === 400 && answer.bytes < 200);
  record(
    '4 statements of 280 000 unknown keys (2.5 MB) at once',
    '4xx < 200 B, each < 500 ms',
    `${answers.map((answer) => answer.status).join('/')}, ${Math.max(...answers.map((a) => a.bytes))} B, slowest ${Math.round(slowest)} ms`,
    ok && slowest < 500,
  );
  record('GET /api/WinnersList meanwhile', '< 500 ms', `${Math.round(listMs!)} ms`, listMs! < 500);
}
