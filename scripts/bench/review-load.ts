// npm run bench (docs/performance.md#review): the staff panel's review of statements with 5 000 statements
// stored — a tier's queue and a statement opened, each in the server's own time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tierById, type TierId } from '#shared/campaign.ts';
import { clockFor } from '#server/clock.ts';
import { loadAuditKey } from '#server/crypto/encryption.ts';
import { openStorage } from '#server/db/index.ts';
import { OPERATOR } from '#server/staff/audit.ts';
import { invite } from '#server/staff/people.ts';
import type { Role } from '#server/staff/roles.ts';
import { SESSION_COOKIE } from '#server/panel/session-cookie.ts';
import { startSession } from '#server/staff/sessions.ts';
import { startServer, type RunningServer } from '../../test/e2e/harness';
import { runOperator } from '../../test/server/helpers/operator';
import { validStatement } from '../../test/server/helpers/statement-fixtures';
import { benchDatasetWithClaims } from './dataset';
import { median, record } from './report';

/** The figure: 5 000 statements in the database, one per claim (claims.id is unique in statements). */
const STATEMENTS = 5_000;
/** The budgets, in the server's time: the queue in ≤ 200 ms, a statement opened in ≤ 100 ms. */
const QUEUE_BUDGET_MS = 200;
const OPEN_BUDGET_MS = 100;
/** The statements posted at once while the data is made (not measured). */
const POSTING_CONNECTIONS = 20;
/**
 * docs/decisions/review.md#states, a campaign some way through: of each tier's statements, oldest first, the
 * first quarter decided (one in ten rejected), the next 4 % taken and in review, the rest received; of the
 * decisions that wait for an approver (tiers with a tax award), the older half confirmed. (The queue's cost
 * hardly depends on the mix: each call reads every statement, below.)
 */
const DECIDED_SHARE = 0.25;
const IN_REVIEW_SHARE = 0.04;
const REJECTED_EVERY = 10;
const CONFIRMED_SHARE = 0.5;
/** Each queue asked this often, in turn, after rounds to warm the server up (V8 compiles the calls' paths). */
const QUEUE_ROUNDS = 25;
const WARM_UP_ROUNDS = 5;
/** Statements opened, each a different one, after others to warm up. */
const OPENINGS = 200;
const WARM_UP_OPENINGS = 20;
/** One statement in this many carries the IBAN of the one before: the finding "the same on another claim". */
const SHARED_IBAN_EVERY = 500;

// Distinct identity numbers per statement (the fixtures' are one person's): with one PESEL and IBAN on all
// 5 000, every opening would list 4 999 "same value on another claim" findings.

const PESEL_WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
/** A valid PESEL: born on a day from 1950 on, and a serial number of its own. */
function pesel(index: number): string {
  const born = new Date(Date.UTC(1950, 0, 1) + (index % 18_000) * 86_400_000);
  const year = born.getUTCFullYear();
  const month = born.getUTCMonth() + 1 + (year >= 2000 ? 20 : 0);
  const body =
    String(year % 100).padStart(2, '0') +
    String(month).padStart(2, '0') +
    String(born.getUTCDate()).padStart(2, '0') +
    String(index).padStart(4, '0').slice(-4);
  const sum = PESEL_WEIGHTS.reduce((total, weight, at) => total + weight * Number(body[at]), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** A valid identity card number: ABA, the check digit, then 5 digits. */
function identityCard(index: number): string {
  const serial = String(index).padStart(5, '0');
  const values = [10, 11, 10, ...[...serial].map(Number)];
  const sum = values.reduce((total, value, at) => total + [7, 3, 1, 7, 3, 1, 7, 3][at]! * value, 0);
  return `ABA${sum % 10}${serial}`;
}

/** A Polish IBAN whose mod-97 check holds. */
function iban(index: number): string {
  const bban = `10901014${String(index).padStart(16, '0')}`;
  let remainder = 0;
  // PL00 moved to the end: P = 25, L = 21.
  for (const digit of `${bban}252100`) remainder = (remainder * 10 + Number(digit)) % 97;
  return `PL${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** A valid statement of the claim's tier, with the contact of its record and numbers of its own. */
function statementFor(line: { tier: string; code: string; link: string }, email: string, index: number) {
  const hash = new URL(line.link, 'http://localhost').searchParams.get('hash');
  const payload = validStatement(line.tier as TierId, line.code, hash);
  const own: Record<string, string> = {
    email,
    pesel: pesel(index),
    identityCardNumber: identityCard(index),
    iban: iban(index > 0 && index % SHARED_IBAN_EVERY === 0 ? index - 1 : index),
  };
  for (const [field, value] of Object.entries(own))
    if (typeof payload[field] === 'string') payload[field] = value;
  const endpoint =
    tierById(line.tier)!.claimBy === 'code' ? 'complete-testimonial' : 'draw-complete-testimonial';
  return { endpoint, body: JSON.stringify(payload) };
}

/**
 * A DATA_DIR of its own: the data set topped up to 5 000 claims, each record with an address of its own
 * (tiers III and VI are claimed with it), imported with no server running; and the staff who review.
 */
async function prepare(dataDir: string) {
  const { instant, draws } = benchDatasetWithClaims(STATEMENTS);
  let number = 0;
  const emails = new Map<string, string>();
  const address = (record: { code: string }) => {
    const email = `laureat-${String((number += 1)).padStart(4, '0')}@example.pl`;
    emails.set(record.code, email);
    return { email };
  };
  const file = path.join(dataDir, 'winners.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      instant: instant.map((record) => ({ ...record, ...address(record) })),
      draws: draws.map((record) => ({ ...record, ...address(record) })),
    }),
  );
  const imported = await runOperator(['import-winners', file], { dataDir, databaseUrl: undefined });
  if (imported.exitCode !== 0) throw new Error(`review: import failed: ${imported.stderr}`);
  const lines = imported.lines as unknown as { tier: string; code: string; link: string }[];
  if (lines.length !== STATEMENTS) throw new Error(`review: ${lines.length} claims imported`);

  // As test/server/helpers/panel.ts: each person invited by the operator and signed in (as after a login).
  // The key file the import's start-up made, as a server on this data folder would use it.
  const audit = { key: loadAuditKey({ dataDir, create: false }).key, headFile: undefined };
  const storage = await openStorage({ dataDir, databaseUrl: undefined, audit });
  const clock = clockFor(undefined);
  const signIn = async (email: string, roles: Role[]) => {
    for (const role of roles) await invite(storage, clock, { email, role, actor: OPERATOR });
    const person = await storage.db
      .selectFrom('staff')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return `${SESSION_COOKIE}=${await startSession(storage, clock, person.id, 'passkey')}`;
  };
  try {
    return {
      statements: lines.map((line, index) => statementFor(line, emails.get(line.code)!, index)),
      reviewer: await signIn('weryfikator@example.pl', ['reviewer']),
      approver: await signIn('zatwierdzajacy@example.pl', ['approver']),
    };
  } finally {
    await storage.close();
  }
}

interface Answer {
  status: number;
  body: unknown;
}

type PanelClient = ReturnType<typeof panelClient>;

/** Panel calls as the panel's page makes them: its origin, a session cookie. */
function panelClient(server: RunningServer, cookie: string) {
  const origin = `http://localhost:${new URL(server.url).port}`;
  return async (method: 'GET' | 'POST', call: string, body?: object): Promise<Answer> => {
    const response = await fetch(`${server.url}/panel/api/${call}`, {
      method,
      headers: {
        cookie,
        ...(method === 'POST' ? { origin, 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };
}

async function postStatements(server: RunningServer, statements: { endpoint: string; body: string }[]) {
  let next = 0;
  let created = 0;
  const worker = async () => {
    while (next < statements.length) {
      const { endpoint, body } = statements[(next += 1) - 1]!;
      const response = await fetch(`${server.url}/api/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.arrayBuffer();
      if (response.status === 201) created += 1;
      else throw new Error(`review: a statement answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: POSTING_CONNECTIONS }, worker));
  return created;
}

const expectOk = (answer: Answer, what: string) => {
  if (answer.status !== 200)
    throw new Error(`review: ${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown>;
};

/**
 * The review some way through (DECIDED_SHARE…), as the staff do it from the queue: each tier's oldest
 * received statement taken ('Weź do sprawdzenia') and decided, then the approver's confirmations. (Not 'Weź
 * następne': it looks for the oldest untaken statement at each call, 10–12 ms with 5 000 stored, and this
 * step took 64–97 s with it (40 % decided then).)
 */
async function review(reviewer: PanelClient, approver: PanelClient) {
  const queue = expectOk(await reviewer('GET', 'review/queue?tier=VI'), 'the queue');
  const counts = queue.counts as { tier: string; received: number }[];
  for (const { tier, received } of counts) {
    const decided = Math.round(received * DECIDED_SHARE);
    const taken = decided + Math.round(received * IN_REVIEW_SHARE);
    const waiting: string[] = [];
    for (let done = 0; done < taken;) {
      const page = expectOk(await reviewer('GET', `review/queue?tier=${tier}&state=received`), 'the queue');
      for (const { id } of (page.items as { id: string }[]).slice(0, taken - done)) {
        expectOk(await reviewer('POST', `review/statements/${id}/take`), 'Weź do sprawdzenia');
        if (done < decided) {
          const reject = done % REJECTED_EVERY === REJECTED_EVERY - 1;
          const decision = reject ? { outcome: 'reject', reason: 'wrong-data' } : { outcome: 'accept' };
          const view = expectOk(
            await reviewer('POST', `review/statements/${id}/decision`, decision),
            'a decision',
          );
          if (view.state === 'awaiting-approval') waiting.push(id);
        }
        done += 1;
      }
    }
    for (const id of waiting.slice(0, Math.round(waiting.length * CONFIRMED_SHARE)))
      expectOk(
        await approver('POST', `review/statements/${id}/approval`, { outcome: 'confirm' }),
        'Zatwierdź',
      );
  }
}

/**
 * A panel call and its server time: Fastify's `responseTime` in the server's "request completed" log line
 * (LOG_LEVEL=info), from the request's arrival to the answer's last byte handed to the socket, found by the
 * request id of the "incoming request" line of this path. One call at a time, so nothing else shares the
 * server meanwhile. The round trip on 127.0.0.1 is kept beside it.
 */
async function timed(server: RunningServer, ask: () => Promise<Answer>, pathname: string) {
  const from = server.logs.length;
  const started = performance.now();
  const answer = await ask();
  const roundTrip = performance.now() - started;
  const until = Date.now() + 5_000;
  for (;;) {
    const lines = server.logs.slice(from).flatMap((line) => {
      try {
        return [
          JSON.parse(line) as { msg?: string; reqId?: string; req?: { url?: string }; responseTime?: number },
        ];
      } catch {
        return [];
      }
    });
    const id = lines.find((line) => line.msg === 'incoming request' && line.req?.url === pathname)?.reqId;
    const done = lines.find((line) => line.msg === 'request completed' && line.reqId === id);
    if (id !== undefined && done?.responseTime !== undefined)
      return { answer, ms: done.responseTime, roundTrip };
    if (Date.now() > until) throw new Error(`review: no log line for ${pathname}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * share) - 1]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

const STATES = ['received', 'in-review', 'awaiting-approval', 'accepted', 'rejected'] as const;
type Counts = ({ tier: string } & Record<(typeof STATES)[number], number>)[];

/** Tier VI (the biggest): open and accepted, page 1 and the last, each asked QUEUE_ROUNDS times in turn. */
async function measureQueue(server: RunningServer, reviewer: PanelClient, created: number) {
  const ask = (query: string) =>
    timed(server, () => reviewer('GET', `review/queue?${query}`), '/panel/api/review/queue');
  const first = async (state: string) =>
    expectOk((await ask(`tier=VI&state=${state}`)).answer, 'the queue') as { pages: number; counts: Counts };
  const [open, accepted] = [await first('open'), await first('accepted')];
  const queues = [
    `open&page=1`,
    `open&page=${open.pages}`,
    `accepted&page=1`,
    `accepted&page=${accepted.pages}`,
  ];
  const times = new Map<string, number[]>(queues.map((query) => [query, []]));
  const roundTrips: number[] = [];
  let wrong = 0;
  for (let round = -WARM_UP_ROUNDS; round < QUEUE_ROUNDS; round += 1)
    for (const query of queues) {
      const { answer, ms: serverMs, roundTrip } = await ask(`tier=VI&state=${query}`);
      if (round < 0) continue;
      if (answer.status !== 200 || (answer.body as { items: unknown[] }).items.length === 0) wrong += 1;
      times.get(query)!.push(serverMs);
      roundTrips.push(roundTrip);
    }
  const all = [...times.values()].flat();
  const stored = open.counts.reduce(
    (sum, line) => sum + STATES.reduce((tierSum, state) => tierSum + line[state], 0),
    0,
  );
  const vi = open.counts.find((line) => line.tier === 'VI')!;
  const p95 = percentile(all, 0.95);
  const clean = wrong === 0 && stored === STATEMENTS && created === STATEMENTS;
  const each = queues.map((query) => `${query.replace('&page=', ' p')} ${ms(median(times.get(query)!))}`);
  record(
    `Kolejka oświadczeń (5 000 w bazie), czas serwera: GET /panel/api/review/queue, tier VI, state=open and accepted, page 1 and the last, ${QUEUE_ROUNDS} of each one at a time over HTTP on 127.0.0.1 (the server's own responseTime, SQLite)`,
    `≤ ${QUEUE_BUDGET_MS} ms (p95)`,
    `median ${ms(median(all))}, p95 ${ms(p95)}, max ${ms(Math.max(...all))} (medians: ${each.join(', ')}); round trip median ${ms(median(roundTrips))}; ${stored} statements, VI: ${vi.received} received, ${vi['in-review']} in review, ${vi.accepted} accepted, ${vi.rejected} rejected` +
      (clean ? '' : `, ${created} POSTED, ${wrong} WRONG ANSWERS`),
    p95 <= QUEUE_BUDGET_MS && clean,
  );
  return open.counts;
}

/** Different statements of every tier and state, in turn: from page 1 of each tier's queue in each state. */
async function measureOpenings(server: RunningServer, reviewer: PanelClient, counts: Counts) {
  const lists: string[][] = [];
  for (const { tier } of counts)
    for (const state of STATES) {
      const answer = await reviewer('GET', `review/queue?tier=${tier}&state=${state}`);
      const page = expectOk(answer, 'the queue') as { items: { id: string }[] };
      if (page.items.length > 0) lists.push(page.items.map((item) => item.id));
    }
  const ids: string[] = [];
  for (let at = 0; lists.some((list) => at < list.length); at += 1)
    for (const list of lists) if (at < list.length) ids.push(list[at]!);
  const times: number[] = [];
  const roundTrips: number[] = [];
  let wrong = 0;
  for (const [index, id] of ids.slice(0, WARM_UP_OPENINGS + OPENINGS).entries()) {
    const opened = await timed(
      server,
      () => reviewer('GET', `review/statements/${id}`),
      `/panel/api/review/statements/${id}`,
    );
    if (index < WARM_UP_OPENINGS) continue;
    if (opened.answer.status !== 200 || (opened.answer.body as { id: string }).id !== id) wrong += 1;
    times.push(opened.ms);
    roundTrips.push(opened.roundTrip);
  }
  const p95 = percentile(times, 0.95);
  const clean = wrong === 0 && times.length === OPENINGS;
  record(
    `Otwarcie oświadczenia, czas serwera: GET /panel/api/review/statements/<id>, ${times.length} different statements of every tier and state, each opening audited, one at a time over HTTP on 127.0.0.1 (the server's own responseTime, SQLite)`,
    `≤ ${OPEN_BUDGET_MS} ms (p95)`,
    `median ${ms(median(times))}, p95 ${ms(p95)}, max ${ms(Math.max(...times))}; round trip median ${ms(median(roundTrips))}` +
      (clean ? '' : `, ${wrong} WRONG ANSWERS`),
    p95 <= OPEN_BUDGET_MS && clean,
  );
}

/**
 * docs/performance.md#review: a server and DATA_DIR of their own, after the rest. 5 000 statements posted,
 * reviewed some way through through the panel's calls, then the queue and the openings measured.
 */
export async function measureReview(serverArgs: string[], clientDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-bench-review-'));
  let server: RunningServer | undefined;
  try {
    const prepared = await prepare(dataDir);
    // As the other rows' server: MAIL=off (the import queued a link mail for each claim, and each decision
    // queues a verdict mail), no rate limit in the way.
    server = await startServer(
      { CLIENT_DIR: clientDir, RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'info', MAIL: 'off' },
      dataDir,
      serverArgs,
    );
    const created = await postStatements(server, prepared.statements);
    const reviewer = panelClient(server, prepared.reviewer);
    await review(reviewer, panelClient(server, prepared.approver));
    await measureOpenings(server, reviewer, await measureQueue(server, reviewer, created));
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
