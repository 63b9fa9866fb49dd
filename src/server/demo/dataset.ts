import { campaign, draws, prizes, tierForPrize, type PrizeKey } from '#shared/campaign.ts';
import type { Contact, DrawRecord, InstantRecord, WinnersFile } from '../winners/import-file';

// The demo winners (docs/decisions/claims.md#demo-data), also the bench's data set of realistic size: the
// whole prize plan (spec §3, §9) as prizes.json counts it, spread over the lottery period — each day its
// daily prizes (1 smartwatch, 1 camera, 68 × 200 zł), each 7-day week its weekly ones (2 vouchers, 4 phones)
// on one of its days, each draw a car and a WinTo! — and, beyond the plan's counts, a few smartwatches and
// cameras in the additional draw (spec §4: unissued instant prizes), so that every list a visitor opens shows
// winners. Fictional codes only: `DEMO…`, and `EDEMO…` for online codes. The same seed gives the same set on
// every start.

/** The contact of every demo record of a code-claimed tier (III, VI): their statements take it. */
export const DEMO_CONTACT: Required<Contact> = { email: 'laureat@example.pl', phone: '600700800' };
/** The demo reserve entries' address (fictional): their link mail lands in the development mailbox. */
export const DEMO_RESERVE_EMAIL = 'rezerwowy@example.pl';

const SEED = 20_250_625;
const DAY_MS = 86_400_000;
const WEEK_DAYS = 7;
// spec §2: Draw8 is the additional draw; the others each give one prize of every draw tier.
const ADDITIONAL_DRAW = 'Draw8';
const ADDITIONAL_DRAW_PRIZES: PrizeKey[] = ['ZEGAREK', 'APARAT', 'ZEGAREK'];
const CODE_CHARACTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];

// prettier-ignore
const FIRST_NAMES = [
  'Anna', 'Jan', 'Maria', 'Piotr', 'Katarzyna', 'Tomasz', 'Agnieszka', 'Michał', 'Ewa', 'Paweł',
  'Małgorzata', 'Krzysztof', 'Zofia', 'Łukasz', 'Joanna', 'Grzegorz', 'Barbara', 'Wojciech',
];
// prettier-ignore
const CITIES = [
  'Kraków', 'Łódź', 'Białystok', 'Toruń', 'Poznań', 'Lublin', 'Opole', 'Gdańsk', 'Wrocław',
  'Rzeszów', 'Warszawa', 'Szczecin', 'Kielce', 'Olsztyn', 'Zielona Góra', 'Bielsko-Biała',
];
const INITIALS = [...'ABCDGKLMNPRSTWZ'];

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The prizes of a kind per period: the tier's count spread evenly, the first periods taking the rest. */
function prizesPerPeriod(type: 'daily' | 'weekly', periods: number): PrizeKey[][] {
  return Array.from({ length: periods }, (_, period) =>
    prizes.tiers
      .filter((tier) => prizes.catalogue[tier.prize].type === type)
      .flatMap((tier) => {
        const count = Math.floor(tier.count / periods) + (period < tier.count % periods ? 1 : 0);
        return Array.from({ length: count }, () => tier.prize);
      }),
  );
}

export function demoWinners(): WinnersFile {
  const random = seededRandom(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const person = () => `${pick(FIRST_NAMES)} ${pick(INITIALS)}., ${pick(CITIES)}`;
  const used = new Set<string>();
  // spec §9: 11 characters; about one code in four is an online one (spec §4: the online prefix).
  const code = (): string => {
    const prefix = random() < 0.25 ? `${campaign.onlineCodePrefix.toUpperCase()}DEMO` : 'DEMO';
    const value = prefix + Array.from({ length: 11 - prefix.length }, () => pick(CODE_CHARACTERS)).join('');
    if (used.has(value)) return code();
    used.add(value);
    return value;
  };
  const contact = (award: PrizeKey): Contact => (tierForPrize(award)?.claimBy === 'code' ? DEMO_CONTACT : {});

  const start = Date.parse(`${campaign.lottery.start}T00:00:00Z`);
  const days = (Date.parse(`${campaign.lottery.end}T00:00:00Z`) - start) / DAY_MS + 1;
  const weeks = Math.ceil(days / WEEK_DAYS);
  const awardsOfDay = prizesPerPeriod('daily', days);
  prizesPerPeriod('weekly', weeks).forEach((awards, week) => {
    for (const award of awards) {
      const day = week * WEEK_DAYS + Math.floor(random() * Math.min(WEEK_DAYS, days - week * WEEK_DAYS));
      awardsOfDay[day]!.push(award);
    }
  });
  const instant = awardsOfDay.flatMap((awards, day) => {
    const date = new Date(start + day * DAY_MS).toISOString().slice(0, 10);
    // The day's prizes in the order their time gates opened.
    const shuffled = awards
      .map((award) => ({ award, at: random() }))
      .sort((a, b) => a.at - b.at)
      .map(({ award }) => award);
    return shuffled.map((award): InstantRecord & Contact => ({
      date,
      code: code(),
      award,
      userPublish: person(),
      ...contact(award),
    }));
  });

  const drawTiers = prizes.tiers.filter((tier) => prizes.catalogue[tier.prize].type === 'draw');
  const drawWinners = draws.flatMap((draw) => {
    const awards = draw.id === ADDITIONAL_DRAW ? ADDITIONAL_DRAW_PRIZES : drawTiers.map((tier) => tier.prize);
    return awards.map((price, index): DrawRecord & Contact => ({
      drawName: draw.id,
      price,
      priceRank: index + 1,
      code: code(),
      name: person(),
      testimonialId: `DEMO-${draw.id}-${index + 1}`,
      ...contact(price),
    }));
  });
  // docs/decisions/review.md#reserve: one reserve entry for each degree-I and WinTo! prize, so a newcomer
  // can pass a lost prize on in the panel; its link mail goes to the development mailbox.
  const reserves = drawWinners
    .filter((winner) => tierForPrize(winner.price)?.reserves === true)
    .map((winner): DrawRecord & Contact => ({
      ...winner,
      code: code(),
      name: person(),
      testimonialId: `${winner.testimonialId}-R1`,
      reserve: 1,
      email: DEMO_RESERVE_EMAIL,
    }));
  return { instant, draws: [...drawWinners, ...reserves] };
}
