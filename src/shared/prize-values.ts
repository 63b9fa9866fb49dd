// Prize values in whole złoty (prizes.json, spec §9 "Tax and records"): the arithmetic of the additional
// award that pays the 10 % tax, the register's and the tax's threshold, and the Polish way amounts are
// written. Pure functions of the content they are given: content validation checks an editor's file with
// them, and #shared/campaign.ts applies them to the campaign's own (`prizeValue`).
import type { Prize, PrizesContent } from './content-schemas/campaign';

/** One taxed or untaxed amount of a prize: the car, or the car's insurance money (tier I has both). */
export interface PrizePart {
  value: number;
  additionalAward?: number;
}

/** A prize's figures, in whole złoty, all its parts together. */
export interface PrizeValue {
  /** What the prize is worth, without the additional award (I: 68 900 + 3 000). */
  value: number;
  /** The additional cash award that pays the tax (I: 7 656 + 333); 0 for an untaxed prize. */
  additionalAward: number;
  /** Value and award together: the statement's "Łączna wartość nagrody". */
  total: number;
  /** Above the threshold: 10 % tax is withheld (paid by the additional award). */
  taxed: boolean;
  /** At least the threshold: the prize goes into the register of prizes (Gambling Act art. 20). */
  registered: boolean;
  /** The tax withheld: 10 % of each part's value plus award, rounded half up to the złoty; 0 untaxed. */
  tax: number;
  /** A money prize, transferred to the winner's account (its value is the amount transferred). */
  transfer: boolean;
}

/** n / d rounded half up to a whole number, in integers (no floating-point 0.5 to misread). */
const roundHalfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/** The additional award a taxed value needs: value / 9, rounded half up, so that it is 10 % of the total. */
export const additionalAwardFor = (value: number): number => roundHalfUp(value, 9);

/** The 10 % tax on a prize part and its award, rounded half up to the złoty. */
export const taxOn = (value: number, additionalAward: number): number =>
  roundHalfUp(value + additionalAward, 10);

/** A prize's parts: its own value and award, then its insurance money's (tier I). */
export const partsOf = (prize: Prize): PrizePart[] => [prize, ...(prize.insurance ? [prize.insurance] : [])];

export function prizeValueOf(prize: Prize, taxThreshold: number): PrizeValue {
  const parts = partsOf(prize);
  const value = parts.reduce((sum, part) => sum + part.value, 0);
  const additionalAward = parts.reduce((sum, part) => sum + (part.additionalAward ?? 0), 0);
  const taxed = value > taxThreshold;
  return {
    value,
    additionalAward,
    total: value + additionalAward,
    taxed,
    registered: value >= taxThreshold,
    tax: taxed ? parts.reduce((sum, part) => sum + taxOn(part.value, part.additionalAward ?? 0), 0) : 0,
    transfer: prize.transfer === true,
  };
}

/** Whole złoty grouped by thousands with spaces, as the spec and the texts write them: 7000 → "7 000". */
export const groupThousands = (amount: number, space = ' '): string =>
  String(amount).replace(/\B(?=(\d{3})+$)/g, space);

/** "68 900 zł": an amount in whole złoty as the texts name it (withFacts binds its spaces on screen). */
export const formatZloty = (amount: number): string => `${groupThousands(amount)} zł`;

/**
 * The amounts a content text may name as {placeholders}, each formatted from prizes.json's numbers:
 * {taxThreshold}, and for each catalogue prize {KEY.value}, {KEY.total}, and for a taxed one
 * {KEY.additionalAward}; tier I's insurance money {KEY.insurance.value}, {KEY.insurance.additionalAward}.
 */
export function prizeFactsOf(
  prizes: Pick<PrizesContent, 'catalogue' | 'taxThreshold'>,
): Record<string, string> {
  const facts: Record<string, string> = { taxThreshold: formatZloty(prizes.taxThreshold) };
  const name = (part: PrizePart, prefix: string) => {
    facts[`${prefix}.value`] = formatZloty(part.value);
    if (part.additionalAward !== undefined)
      facts[`${prefix}.additionalAward`] = formatZloty(part.additionalAward);
  };
  for (const [key, prize] of Object.entries(prizes.catalogue)) {
    name(prize, key);
    if (prize.insurance) name(prize.insurance, `${key}.insurance`);
    facts[`${key}.total`] = formatZloty(prizeValueOf(prize, prizes.taxThreshold).total);
  }
  return facts;
}
