// npm run bench: the server under load — answers against a bare node:http server, statements written,
// abusive bodies refused.
import fs from 'node:fs';
import http from 'node:http';
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
// Visitors' statements as they come: each on a connection of its own, at a steady rate above the budget's.
const STATEMENTS_PER_SECOND = 600;

/** The CPU time a process has used, user and system, in ms (/proc/<pid>/stat counts in 1/100 s on Linux). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One POST on a new connection; resolves with its status (0 for a connection that failed: counted as not
 * created) and ms from the request to the answer's end.
 */
function postOnNewConnection(url: URL, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, ms: performance.now() - started }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end(body);
  });
}

/** Statements sent at STATEMENTS_PER_SECOND whatever the answers, each on a new connection. */
async function sendAtRate(url: URL, bodies: string[]) {
  const answers: Promise<{ status: number; ms: number }>[] = [];
  const started = performance.now();
  // Every millisecond or so, what is due by now is sent (timers are not finer than that).
  while (answers.length < bodies.length) {
    const due = Math.min(
      bodies.length,
      Math.floor(((performance.now() - started) * STATEMENTS_PER_SECOND) / 1000) + 1,
    );
    while (answers.length < due) answers.push(postOnNewConnection(url, bodies[answers.length]!));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const results = await Promise.all(answers);
  const ms = results.map((result) => result.ms).sort((a, b) => a - b);
  return {
    rate: (results.length * 1000) / (performance.now() - started),
    p99: Math.round(ms[Math.ceil(ms.length * 0.99) - 1]!),
    created: results.filter((result) => result.status === 201).length,
  };
}

// What a server that has been answering for a while does, not its first statements after start (V8 has not
// compiled the route yet: a round that began with them reached 102–289 ms).
const WARM_UP_STATEMENTS = 300;

/**
 * Open load (sendAtRate), so the latency is what a visitor waits at that rate (a closed loop of N
 * connections measures its own queue instead: Little's law). Each winning code takes one statement, and
 * the data set has codes for one round only: after the warm-up's, they are split into three equal parts,
 * one per round. The verdict takes the median p99 and rate.
 */
export async function measureStatements(server: RunningServer, codes: string[]) {
  // The shared fixture's tier VI statement (offline code, serial number), once per winning code.
  const fixture = validStatements.find((candidate) => candidate.tier === 'VI')!.payload;
  const bodies = codes.map((code) => JSON.stringify({ ...fixture, code }));
  const url = new URL('/api/complete-testimonial', server.url);
  await sendAtRate(url, bodies.slice(0, WARM_UP_STATEMENTS));
  const perRound = Math.floor((bodies.length - WARM_UP_STATEMENTS) / STATEMENT_ROUNDS);
  const rounds = [];
  const cpuBefore = cpuMs(server.process.pid!);
  for (let round = 0; round < STATEMENT_ROUNDS; round += 1) {
    const from = WARM_UP_STATEMENTS + round * perRound;
    rounds.push(await sendAtRate(url, bodies.slice(from, from + perRound)));
  }
  const rates = rounds.map((round) => round.rate);
  const p99s = rounds.map((round) => round.p99);
  const created = rounds.reduce((sum, round) => sum + round.created, 0);
  const [rate, p99] = [median(rates), median(p99s)];
  const cpuPerStatement = ((cpuMs(server.process.pid!) - cpuBefore) * 1000) / (perRound * STATEMENT_ROUNDS);
  record(
    `POST /api/complete-testimonial, tier VI, distinct claims (SQLite), ${STATEMENTS_PER_SECOND}/s sent, each on a new connection, median of ${STATEMENT_ROUNDS} rounds after ${WARM_UP_STATEMENTS} to warm up`,
    '≥ 500 statements/s, p99 ≤ 100 ms',
    `${Math.round(rate)} statements/s (${rates.map(Math.round).join(', ')}), p99 ${p99} ms (${p99s.join(', ')}), ${created}/${perRound * STATEMENT_ROUNDS} created; server CPU ${Math.round(cpuPerStatement)} µs per statement`,
    rate >= 500 && p99 <= 100 && created === perRound * STATEMENT_ROUNDS,
  );
}

/**
 * docs/decisions/security.md#abusive-bodies: four clients each post a 2.5 MB statement of 280 000 unknown
 * keys at once. Each must get a short 4xx well under 500 ms, and a winners list asked meanwhile must answer
 * as fast.
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
