import campaignJson from '#content/campaign.json';
import drawsJson from '#content/draws.json';
import prizesJson from '#content/prizes.json';
import type { TierId } from './statement/generated/tiers';
import type {
  Campaign,
  Draw,
  Notice,
  Phase,
  Presence,
  Prize,
  PrizesContent,
} from './content-schemas/campaign';
import { fill } from './content/template';
import { prizeFactsOf, prizeValueOf, type PrizeValue } from './prize-values';
import { isoDateAfter, warsawLocalToInstant } from './warsaw-time';

export type { TierId };

export type { Campaign, Draw, Notice, Phase, PhaseId, Presence, Prize } from './content-schemas/campaign';

export type PrizeKey = keyof typeof prizesJson.catalogue;

/**
 * The tier registry (prizes.json `tiers`): everything that makes a tier, declared once. Its shape is the
 * content schema's, with the names TypeScript can check: the generated tier ids and the catalogue's keys.
 */
export type Tier = Omit<PrizesContent['tiers'][number], 'id' | 'prize' | 'payload'> & {
  id: TierId;
  prize: PrizeKey;
  payload: Partial<Record<string, Presence>>;
};

export interface Prizes {
  taxThreshold: number;
  catalogue: Record<PrizeKey, Prize>;
  tiers: Tier[];
}

export const campaign = campaignJson as Campaign;
export const draws = drawsJson as Draw[];
/** prizes.json as the editor wrote it, {placeholders} and all: what content validation checks. */
export const prizesContent = prizesJson as unknown as Prizes;
/** The amounts texts name ({KEY.value}, {taxThreshold}: #shared/prize-values.ts), from prizes.json's numbers. */
export const prizeFacts = prizeFactsOf(prizesContent);
/** The prize catalogue and tiers, each prize's name with the amounts it names filled in ("7 000 zł"). */
export const prizes: Prizes = {
  ...prizesContent,
  catalogue: Object.fromEntries(
    Object.entries(prizesContent.catalogue).map(([key, prize]) => [
      key,
      { ...prize, award: fill(prize.award, prizeFacts) },
    ]),
  ) as Prizes['catalogue'],
};

/**
 * A prize's value, additional award and tax in whole złoty, and whether it is taxed (above 2 280 zł) and
 * registered (at least 2 280 zł): spec §9, from prizes.json's numbers.
 */
export function prizeValue(key: PrizeKey): PrizeValue {
  return prizeValueOf(prizes.catalogue[key], prizes.taxThreshold);
}

export function tierById(id: string): Tier | undefined {
  return prizes.tiers.find((tier) => tier.id === id);
}

export function tierForPrize(prize: string): Tier | undefined {
  return prizes.tiers.find((tier) => tier.prize === prize);
}

/** spec §7: the two statement calls. */
export type StatementEndpoint = 'complete-testimonial' | 'draw-complete-testimonial';

export function statementEndpoint(tier: Tier): StatementEndpoint {
  return tier.claimBy === 'code' ? 'complete-testimonial' : 'draw-complete-testimonial';
}

/**
 * spec §4: the phase whose window holds `now`. Windows are read as "from this start until the next
 * phase starts", so the one-second seams between the spec's windows (e.g. 23:54:00 → 23:54:01) belong
 * to the earlier phase, and the last phase goes on after its end: the site keeps saying the lottery is over.
 */
export function phaseAt(nowMs: number, phases: Phase[] = campaign.phases): Phase | undefined {
  let current: Phase | undefined;
  for (const phase of phases) {
    if (warsawLocalToInstant(phase.start) <= nowMs) current = phase;
  }
  return current;
}

/** spec §2: the notice whose period (inclusive, Warsaw time; a bare end date covers that whole day) holds now. */
export function noticeAt(nowMs: number, notices: Notice[] = campaign.notices): Notice | undefined {
  return notices.find(
    (notice) => warsawLocalToInstant(notice.start) <= nowMs && nowMs <= endOfPeriod(notice.end),
  );
}

function endOfPeriod(end: string): number {
  if (end.includes('T')) return warsawLocalToInstant(end) + 999;
  return warsawLocalToInstant(isoDateAfter(end, 1)) - 1;
}

/**
 * docs/performance.md#page-cache: the instants where a phase or a notice period starts or ends. Between two
 * of them, what a page shows from the clock (phase banner, notice) stays the same: the server renders a page
 * once per stretch.
 */
const calendarSeams = [
  ...campaign.phases.map((phase) => warsawLocalToInstant(phase.start)),
  ...campaign.notices.flatMap((notice) => [warsawLocalToInstant(notice.start), endOfPeriod(notice.end) + 1]),
];

/** Which stretch between the calendar's seams holds `nowMs`: equal numbers, equal pages. */
export function calendarStretch(nowMs: number): number {
  return calendarSeams.filter((seam) => seam <= nowMs).length;
}

/** spec §4: a code is online when its first character, lowercased, equals the online prefix. */
export function isOnlineCode(code: string, prefix: string = campaign.onlineCodePrefix): boolean {
  return code.charAt(0).toLowerCase() === prefix.toLowerCase();
}
