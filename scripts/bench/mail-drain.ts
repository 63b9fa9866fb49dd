// npm run bench (docs/performance.md#mail): 5 000 link mails drained into an SMTP server on this machine,
// messages per second, each exactly once; and the winners lists' p99 meanwhile, next to the same server's
// when idle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startServer, type RunningServer } from '../../test/e2e/harness';
import { runOperator } from '../../test/server/helpers/operator';
import { benchDatasetWithClaims } from './dataset';
import { record } from './report';

const MESSAGES = 5_000;
/** The budgets (docs/performance.md#mail says why): the whole campaign's links in under a minute… */
const MIN_MESSAGES_PER_SECOND = 100;
/** …and a visitor asking for a list meanwhile waits no longer than this, 99 times in 100. */
const MAX_LISTS_P99_MS = 50;
/** The lists asked at a steady rate (open load), as visitors come: enough answers in a drain for a p99. */
const LISTS_PER_SECOND = 500;
/** The lists asked before anything is measured: V8 has compiled their path in every run. */
const WARM_UP_SECONDS = 2;
const DRAIN_TIMEOUT_MS = 5 * 60_000;
/**
 * Each idle run, before and after the drain; the first holds the dispatcher's first messages (nodemailer
 * waits 30 s for an answer).
 */
const IDLE_SECONDS = 5;

/**
 * The winners file: the bench's data set (the demo set: 4 977 claims of every tier and 14 reserve entries),
 * topped up with 200 zł winners of codes of their own to 5 000 claims, each record with an address of its own
 * (a reserve entry's gets no mail: it has no claim).
 */
function winnersFile(dir: string): string {
  const { instant, draws } = benchDatasetWithClaims(MESSAGES);
  let number = 0;
  const address = () => ({ email: `winner-${String((number += 1)).padStart(4, '0')}@example.pl` });
  const file = path.join(dir, 'winners.json');
  const records = {
    instant: instant.map((record) => ({ ...record, ...address() })),
    draws: draws.map((record) => ({ ...record, ...address() })),
  };
  const claims =
    records.instant.length + records.draws.filter((record) => record.reserve === undefined).length;
  if (claims !== MESSAGES) throw new Error(`the mail bench's winners file has ${claims} claims`);
  fs.writeFileSync(file, JSON.stringify(records));
  return file;
}

interface Arrival {
  messageId: string;
  kind: string;
  to: string;
}

/**
 * An SMTP server in this process that accepts everything and keeps each message's Message-ID, kind and
 * recipient: the first two read from the header with a regular expression each, not parsed (mailparser,
 * as test/server/helpers/smtp.ts does, is work the drain does not need). Until it is opened it holds each
 * message at MAIL FROM, so that the dispatcher's first messages wait while the lists are measured idle.
 */
async function startSink() {
  const arrivals: Arrival[] = [];
  const waiting: (() => void)[] = [];
  const held: (() => void)[] = [];
  let open = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 50,
    onMailFrom(_address, _session, callback) {
      if (open) callback();
      else held.push(() => callback());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = Buffer.concat(chunks).toString('latin1');
        const head = message.slice(0, message.indexOf('\r\n\r\n'));
        arrivals.push({
          messageId: /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '',
          kind: /^X-Loteria-Kind:\s*(\S+)/im.exec(head)?.[1] ?? '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address).join(','),
        });
        callback();
        waiting.splice(0).forEach((wake) => wake());
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    arrivals,
    open() {
      open = true;
      held.splice(0).forEach((go) => go());
    },
    async waitFor(count: number) {
      const until = Date.now() + DRAIN_TIMEOUT_MS;
      while (arrivals.length < count) {
        if (Date.now() > until) throw new Error(`mail: ${arrivals.length} of ${count} arrived in time`);
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 100);
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Answers {
  statuses: number[];
  ms: number[];
}

function p99(answers: Answers): number {
  const ms = [...answers.ms].sort((a, b) => a - b);
  return ms[Math.ceil(ms.length * 0.99) - 1]!;
}

const wrong = (answers: Answers) => answers.statuses.filter((status) => status !== 200).length;

/** The two lists asked in turn at LISTS_PER_SECOND (lists-load.mjs) for `seconds`, or until `stop()`. */
function askLists(server: RunningServer, seconds: number) {
  const child = spawn(
    process.execPath,
    ['scripts/bench/lists-load.mjs', server.url, String(LISTS_PER_SECOND), String(seconds)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const result = new Promise<Answers>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) =>
      code === 0 ? resolve(JSON.parse(output) as Answers) : reject(new Error(`lists-load exited ${code}`)),
    );
  });
  return { result, stop: () => child.stdin.end('stop\n') };
}

export async function measureMailDrain(serverArgs: string[], clientDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-bench-mail-'));
  const sink = await startSink();
  let server: RunningServer | undefined;
  try {
    // Queued by the operator's command with no server running: each record's link mail, due at once, and
    // its two reminders, due days later (the command's clock and the server's are both real time), so only
    // the links go.
    const imported = await runOperator(['import-winners', winnersFile(dataDir)], {
      dataDir,
      databaseUrl: undefined,
    });
    if (imported.exitCode !== 0) throw new Error(`mail: import failed: ${imported.stderr}`);

    // As deployed (NODE_ENV=production, which Vite's build left in this process): SMTP_URL, PUBLIC_URL and
    // MAIL_FROM are required.
    server = await startServer(
      {
        CLIENT_DIR: clientDir,
        RATE_LIMIT_MAX: '100000000',
        LOG_LEVEL: 'info',
        SMTP_URL: sink.url,
        PUBLIC_URL: 'https://loteria.example.pl',
        MAIL_FROM: 'Wakacyjna Loteria <loteria@example.pl>',
      },
      dataDir,
      serverArgs,
    );
    await askLists(server, WARM_UP_SECONDS).result;
    // Idle before and after the drain (one run each, pooled): a machine busier at one end shows.
    const idleBefore = await askLists(server, IDLE_SECONDS).result;
    if (sink.arrivals.length > 0) throw new Error('mail: the SMTP server took mail before it was opened');

    const draining = askLists(server, DRAIN_TIMEOUT_MS / 1000);
    const started = performance.now();
    sink.open();
    await sink.waitFor(MESSAGES);
    const seconds = (performance.now() - started) / 1000;
    draining.stop();
    const during = await draining.result;
    const idleAfter = await askLists(server, IDLE_SECONDS).result;
    const idle = {
      statuses: [...idleBefore.statuses, ...idleAfter.statuses],
      ms: [...idleBefore.ms, ...idleAfter.ms],
    };

    const status = await runOperator(['mail-status'], { dataDir, databaseUrl: undefined });
    const counts = Object.fromEntries(status.lines.map((line) => [line.kind, line]));
    const ids = new Set(sink.arrivals.map((arrival) => arrival.messageId));
    const recipients = new Set(sink.arrivals.map((arrival) => arrival.to));
    const links = sink.arrivals.filter((arrival) => arrival.kind === 'link').length;
    const once =
      sink.arrivals.length === MESSAGES &&
      ids.size === MESSAGES &&
      !ids.has('') &&
      recipients.size === MESSAGES &&
      links === MESSAGES &&
      counts.link?.sent === MESSAGES &&
      counts.link?.queued === 0 &&
      counts.reminder?.queued === 2 * MESSAGES;
    const rate = MESSAGES / seconds;
    record(
      `mail: 5 000 link mails drained into an SMTP server on 127.0.0.1 (pool of 5 connections), the lists asked at ${LISTS_PER_SECOND}/s meanwhile`,
      `≥ ${MIN_MESSAGES_PER_SECOND} messages/s, each exactly once`,
      `${Math.round(rate)} messages/s (${seconds.toFixed(1)} s); ${sink.arrivals.length} arrived: ${ids.size} Message-IDs, ${recipients.size} recipients, ${links} link; outbox ${String(counts.link?.sent)} sent, ${String(counts.reminder?.queued)} reminders waiting` +
        (once ? '' : ', NOT EACH EXACTLY ONCE'),
      rate >= MIN_MESSAGES_PER_SECOND && once,
    );
    const clean = wrong(during) + wrong(idle) === 0;
    const [busy, quiet] = [p99(during), p99(idle)];
    record(
      `GET both winners lists while the mail drains, ${LISTS_PER_SECOND}/s sent (open load), p99 against the same server idle`,
      `p99 ≤ ${MAX_LISTS_P99_MS} ms`,
      `${busy.toFixed(1)} ms vs ${quiet.toFixed(1)} ms idle (${(busy / quiet).toFixed(1)}×; ${during.ms.length} and ${idle.ms.length} requests)` +
        (clean ? '' : ', WRONG STATUSES OR ERRORS'),
      busy <= MAX_LISTS_P99_MS && clean,
    );
  } finally {
    await server?.stop();
    await sink.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
