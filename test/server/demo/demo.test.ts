import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LINKS_FILE, importDemoIfEmpty } from '#server/demo/demo.ts';
import { DEMO_CONTACT, DEMO_RESERVE_EMAIL, demoWinners } from '#server/demo/dataset.ts';
import { countWinners } from '#server/db/winners.ts';
import { parseWinnersFile } from '#server/winners/import-file.ts';
import type { ClaimLine } from '#server/claims/claims.ts';
import { campaign, draws, isOnlineCode, type TierId } from '#shared/campaign.ts';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { winnersFixture } from '../helpers/winners-fixture';

const DAY_MS = 86_400_000;

// docs/decisions/claims.md#demo-data: demo data never mixes with real winners.
describe('the demo winners', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await openTestApp(storageTargets[0]!);
  });
  afterAll(async () => {
    await t.close();
  });

  it('go, with their claims and statements, at the first real import, which says so', async () => {
    expect(await importDemoIfEmpty(t.storage, t.dataDir, t.statementsKey, fakeClock())).toBeDefined();
    const demoRecords = await countWinners(t.storage.db);
    expect(demoRecords).toBeGreaterThan(0);

    const file = path.join(t.dataDir, 'winners.json');
    fs.writeFileSync(file, JSON.stringify(winnersFixture));
    const first = await runOperator(['import-winners', file], t);
    expect(first.exitCode).toBe(0);
    expect(first.stderr).toMatch(new RegExp(`Usunięto dane przykładowe \\(demo\\): ${demoRecords} rekordów`));
    const codes = [
      ...(await t.storage.db.selectFrom('instant_winners').select('code').execute()),
      ...(await t.storage.db.selectFrom('draw_winners').select('code').execute()),
      ...(await t.storage.db.selectFrom('claims').select('code').execute()),
    ].map((row) => row.code);
    expect(codes.filter((code) => /^E?DEMO/.test(code))).toEqual([]);
    expect(await countWinners(t.storage.db)).toBe(
      winnersFixture.instant.length + winnersFixture.draws.length,
    );

    // the next import keeps what is there, and the demo never comes back
    const again = await runOperator(['import-winners', file], t);
    expect(again.stderr).not.toMatch(/demo/);
    expect(await importDemoIfEmpty(t.storage, t.dataDir, t.statementsKey, fakeClock())).toBeUndefined();
  });
});

interface Published {
  instant: { date: string; code: string; award: string; userPublish: string }[];
  draws: { drawName: string; price: string; priceRank: number; code: string; name: string }[];
}

/** A test app on a fresh database after the demo import, with the lists it serves once it has polled. */
async function demoStart(): Promise<{ t: TestApp; list: Published }> {
  const t = await openTestApp(storageTargets[0]!, { winnersPollMs: 20 });
  await importDemoIfEmpty(t.storage, t.dataDir, t.statementsKey, fakeClock());
  const instant = async () =>
    (await t.app.inject({ url: '/api/publish-winners' })).json<{ data: Published['instant'] }>().data;
  // The first poll runs once the app has started; on a loaded machine that is more than waitFor's default second.
  const data = await vi.waitFor(
    async () => {
      const records = await instant();
      if (records.length === 0) throw new Error('the lists are not loaded yet');
      return records;
    },
    { timeout: 10_000, interval: 50 },
  );
  return {
    t,
    list: { instant: data, draws: (await t.app.inject({ url: '/api/WinnersList' })).json() },
  };
}

/** How many of each prize, as { prize: count }. */
function tally(prizeKeys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of prizeKeys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

const DAILY_PRIZES = new Set(['ZEGAREK', 'APARAT', 'KASA_200']);
const WEEKLY_PRIZES = new Set(['BON_10000', 'TELEFON']);

// docs/decisions/claims.md#demo-data: the first start's demo data is the whole prize plan, so every list a
// newcomer opens has winners.
describe('the demo data set', () => {
  let t: TestApp;
  let list: Published;
  let links: ClaimLine[];

  beforeAll(async () => {
    ({ t, list } = await demoStart());
    links = fs
      .readFileSync(path.join(t.dataDir, DEMO_LINKS_FILE), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ClaimLine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives every lottery day its daily prizes and every week its weekly ones (spec §9)', () => {
    const start = Date.parse(`${campaign.lottery.start}T12:00:00Z`);
    const days = Array.from({ length: 70 }, (_, day) =>
      new Date(start + day * DAY_MS).toISOString().slice(0, 10),
    );
    expect(days.at(-1)).toBe(campaign.lottery.end);
    expect(new Set(list.instant.map((record) => record.date))).toEqual(new Set(days));
    for (const date of days) {
      const ofDay = list.instant.filter((record) => record.date === date && DAILY_PRIZES.has(record.award));
      expect(tally(ofDay.map((record) => record.award)), date).toEqual({
        ZEGAREK: 1,
        APARAT: 1,
        KASA_200: 68,
      });
    }
    for (let week = 0; week < 10; week += 1) {
      const dates = new Set(days.slice(week * 7, week * 7 + 7));
      const ofWeek = list.instant.filter(
        (record) => dates.has(record.date) && WEEKLY_PRIZES.has(record.award),
      );
      expect(tally(ofWeek.map((record) => record.award)), `week ${week + 1}`).toEqual({
        BON_10000: 2,
        TELEFON: 4,
      });
    }
    expect(list.instant).toHaveLength(70 * 70 + 10 * 6);
    expect(list.instant.every((record) => /^\p{Lu}\p{Ll}+ \p{Lu}\., \p{L}/u.test(record.userPublish))).toBe(
      true,
    );
  });

  it('gives every draw its winners: a car and a WinTo! in each regular draw, prizes in the additional one', () => {
    for (const draw of draws) {
      const winners = list.draws.filter((record) => record.drawName === draw.id);
      expect(winners.length, draw.id).toBeGreaterThan(0);
      if (draw.id !== 'Draw8')
        expect(tally(winners.map((record) => record.price))).toEqual({ AYGO: 1, WINTO: 1 });
    }
  });

  it('gives each car and WinTo! prize a reserve entry, unpublished, its mail for the development mailbox', () => {
    const file = demoWinners();
    const prizes = file.draws.filter(
      (record) => record.reserve === undefined && ['AYGO', 'WINTO'].includes(record.price),
    );
    const reserves = file.draws.filter((record) => record.reserve !== undefined);
    expect(reserves.map((record) => `${record.drawName}|${record.price}|${record.priceRank}`).sort()).toEqual(
      prizes.map((record) => `${record.drawName}|${record.price}|${record.priceRank}`).sort(),
    );
    expect(reserves.every((record) => record.reserve === 1 && record.email === DEMO_RESERVE_EMAIL)).toBe(
      true,
    );
    const published = new Set(list.draws.map((record) => record.code));
    expect(reserves.filter((record) => published.has(record.code))).toEqual([]);
  });

  it('has unique fictional codes that pass the winners file rules, online ones among them', () => {
    const codes = [...list.instant, ...list.draws].map((record) => record.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^(DEMO|EDEMO)[A-Z0-9]+$/.test(code) && code.length === 11)).toBe(true);
    expect(codes.filter((code) => isOnlineCode(code)).length).toBeGreaterThan(codes.length / 10);
    expect(() => parseWinnersFile(JSON.stringify(demoWinners()))).not.toThrow();
  });

  it('is the same on every start', async () => {
    const other = await demoStart();
    try {
      expect(other.list).toEqual(list);
    } finally {
      await other.t.close();
    }
  });

  // The claims were created in one import, with one created_at and random ids: the decided ones were picked in
  // the ids' order, and now and then took the first of a prize, which the test below and the README send to.
  it('decides, of each prize, the claims before its last one in demo-links.jsonl, never its first or last', async () => {
    const decided = await t.storage.db
      .selectFrom('reviews')
      .innerJoin('claims', 'claims.id', 'reviews.claim_id')
      .select(['claims.code', 'claims.prize'])
      .where('reviews.reviewer_id', '=', 'demo')
      .execute();
    expect(decided.length).toBeGreaterThan(0);
    for (const prize of new Set(decided.map((row) => row.prize))) {
      const ofPrize = links.filter((line) => line.award === prize).map((line) => line.code);
      const taken = decided.filter((row) => row.prize === prize).map((row) => row.code);
      expect(taken.sort(), prize).toEqual(ofPrize.slice(-1 - taken.length, -1).sort());
    }
  });

  it('takes statements: tiers III and VI with the demo e-mail or phone, the others through demo-links.jsonl', async () => {
    expect(links).toHaveLength(list.instant.length + list.draws.length);
    const first = (tier: string, online = false) =>
      links.find((line) => line.tier === tier && isOnlineCode(line.code) === online)!;
    const send = (line: ClaimLine, contact: Record<string, string> = {}) => {
      const hash = new URL(line.link, 'http://localhost').searchParams.get('hash');
      return postStatement(t, { ...validStatement(line.tier as TierId, line.code, hash), ...contact });
    };
    const byEmail = { email: DEMO_CONTACT.email, phoneNumber: '500400300' };
    const byPhone = { email: 'ktos@example.pl', phoneNumber: DEMO_CONTACT.phone };
    for (const [line, contact] of [
      [first('VI'), byPhone],
      [first('VI', true), byEmail],
      [first('III'), byEmail],
      [first('I'), {}],
      [first('WINTO', true), {}],
      [first('IV'), {}],
    ] as const) {
      const response = await send(line, contact);
      expect(response.statusCode, `${line.tier} ${line.code}: ${response.body}`).toBe(201);
    }
    // a stranger's contact claims nothing
    const unclaimed = links.findLast((line) => line.tier === 'VI')!;
    const stranger = await send(unclaimed, { email: 'ktos@example.pl', phoneNumber: '500400300' });
    expect(stranger.statusCode).toBe(404);
  });
});

// docs/decisions/server-house.md#two-clocks-chosen-per-use: a demo started under CAMPAIGN_NOW behaves as of then, its decided
// statements too: it held decisions, payouts and deliveries of September 2025 and January 2026 on 16 July 2025.
describe('the demo decided statements under CAMPAIGN_NOW', () => {
  let t: TestApp;
  const today = '2025-09-12';

  beforeAll(async () => {
    t = await openTestApp(storageTargets[0]!);
  });
  afterAll(async () => {
    await t.close();
  });

  it('are only those whose every day has come on the campaign clock', async () => {
    const clock = fakeClock({ campaign: () => Date.parse(`${today}T12:00:00+02:00`) });
    expect(await importDemoIfEmpty(t.storage, t.dataDir, t.statementsKey, clock)).toBeDefined();
    const decided = await t.storage.db
      .selectFrom('reviews')
      .innerJoin('statements', 'statements.id', 'reviews.statement_id')
      .innerJoin('claims', 'claims.id', 'reviews.claim_id')
      .select([
        'claims.prize',
        'reviews.state',
        'reviews.final_at',
        'reviews.paid_at',
        'statements.created_at',
      ])
      .where('reviews.reviewer_id', '=', 'demo')
      .orderBy('reviews.final_at')
      .execute();
    // The 200 zł paid on 10 September and the phone rejected on 20 August; not the later ones.
    expect(decided.map(({ prize, state }) => [prize, state])).toEqual([
      ['TELEFON', 'rejected'],
      ['KASA_200', 'accepted'],
    ]);
    const days = decided.flatMap((row) => [row.final_at, row.paid_at, row.created_at]).filter(Boolean);
    expect(days.every((day) => day!.slice(0, 10) <= today)).toBe(true);
    expect(await t.storage.db.selectFrom('prize_issue_steps').select('id').execute()).toEqual([]);
  });
});
