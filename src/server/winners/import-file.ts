import { campaign, draws, prizes, tierForPrize, type PrizeKey } from '#shared/campaign.ts';
import { isCalendarDate, isEmailAddress } from '#shared/statement/checksums.ts';

// The operator's winners file (issue: import-winners). Checked by hand here because only src/shared
// may use ajv; every problem names the record, so the operator can fix the file.

export interface InstantRecord {
  date: string;
  code: string;
  award: PrizeKey;
  userPublish: string;
}

/** The contact a code was registered with (docs/api.md#operator-commands), never published, printed or stored. */
export interface Contact {
  email?: string;
  phone?: string;
}

export interface DrawRecord {
  drawName: string;
  price: PrizeKey;
  priceRank: number;
  code: string;
  name: string;
  testimonialId: string;
  /** docs/api.md#operator-commands: the n-th reserve entry for the prize of the same draw, prize and rank. */
  reserve?: number;
}

export interface WinnersFile {
  instant: (InstantRecord & Contact)[];
  draws: (DrawRecord & Contact)[];
}

export class WinnersFileError extends Error {}

const CODE = /^[A-Za-z0-9]{11}$/;
const MAX_TEXT = 200;
const drawIds = new Set(draws.map((draw) => draw.id));
const prizeKeys = new Set(Object.keys(prizes.catalogue));

type FieldCheck = (value: unknown) => string | undefined;

const text: FieldCheck = (value) =>
  typeof value !== 'string'
    ? 'musi być tekstem'
    : value.length > MAX_TEXT
      ? `może mieć najwyżej ${MAX_TEXT} znaków`
      : undefined;
const code: FieldCheck = (value) =>
  typeof value === 'string' && CODE.test(value) ? undefined : 'musi mieć 11 liter lub cyfr';
const prize: FieldCheck = (value) =>
  typeof value === 'string' && prizeKeys.has(value)
    ? undefined
    : `musi być jednym z: ${[...prizeKeys].join(', ')}`;

const contactFields: Record<keyof Contact, FieldCheck> = {
  email: (value) =>
    value === undefined ||
    (typeof value === 'string' && value.trim().length <= 254 && isEmailAddress(value.trim()))
      ? undefined
      : 'musi być adresem e-mail',
  phone: (value) =>
    value === undefined || (typeof value === 'string' && /^\d{9}$/.test(value))
      ? undefined
      : 'musi mieć 9 cyfr, bez spacji',
};

const instantFields: Record<keyof InstantRecord | keyof Contact, FieldCheck> = {
  // spec §3: instant prizes are published per day of the lottery period.
  date: (value) =>
    typeof value === 'string' &&
    isCalendarDate(value) &&
    value >= campaign.lottery.start &&
    value <= campaign.lottery.end
      ? undefined
      : `musi być datą RRRR-MM-DD od ${campaign.lottery.start} do ${campaign.lottery.end}`,
  code,
  award: (value) =>
    prize(value) ??
    (prizes.catalogue[value as PrizeKey].type === 'draw'
      ? 'musi być nagrodą natychmiastową, nie nagrodą z losowania'
      : undefined),
  userPublish: text,
  ...contactFields,
};

const drawFields: Record<keyof DrawRecord | keyof Contact, FieldCheck> = {
  drawName: (value) =>
    typeof value === 'string' && drawIds.has(value)
      ? undefined
      : `musi być jednym z: ${[...drawIds].join(', ')}`,
  price: prize,
  priceRank: (value) =>
    Number.isInteger(value) && (value as number) >= 0 ? undefined : 'musi być liczbą całkowitą ≥ 0',
  code,
  name: text,
  testimonialId: text,
  reserve: (value) =>
    value === undefined || (Number.isInteger(value) && (value as number) >= 1)
      ? undefined
      : 'musi być liczbą całkowitą ≥ 1 (numer wpisu rezerwowego)',
  ...contactFields,
};

function checkRecords<T>(
  list: unknown,
  where: string,
  fields: Record<string, FieldCheck>,
  prizeField: string,
): T[] {
  if (!Array.isArray(list)) throw new WinnersFileError(`${where}: musi być tablicą`);
  return list.map((record: unknown, index) => {
    const at = `${where}[${index}]`;
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      throw new WinnersFileError(`${at}: musi być obiektem`);
    }
    for (const key of Object.keys(record)) {
      if (!(key in fields)) throw new WinnersFileError(`${at}.${key}: nieznane pole`);
    }
    for (const [key, check] of Object.entries(fields)) {
      const problem = check((record as Record<string, unknown>)[key]);
      // The place only: a record carries winners' names, which do not belong in a terminal's scrollback.
      if (problem) throw new WinnersFileError(`${at}.${key}: ${problem}`);
    }
    // docs/api.md#claims: tiers III and VI are claimed with this contact, so their records must carry one.
    const { email, phone } = record as Contact;
    const tier = tierForPrize((record as Record<string, PrizeKey>)[prizeField]!);
    if (tier?.claimBy === 'code' && email === undefined && phone === undefined) {
      throw new WinnersFileError(
        `${at}: nagroda kategorii ${tier.id} wymaga pola email lub phone (kontakt z rejestracji kodu)`,
      );
    }
    return record as T;
  });
}

export function instantRecordKey(record: InstantRecord): string {
  return `instant|${record.date}|${record.code}|${record.award}`;
}

export function drawRecordKey(record: DrawRecord): string {
  return `draw|${record.drawName}|${record.code}|${record.price}`;
}

function rejectRepeats<T>(records: T[], where: string, keyOf: (record: T) => string) {
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const first = seen.get(keyOf(record));
    if (first !== undefined) throw new WinnersFileError(`${where}[${index}]: powtarza ${where}[${first}]`);
    seen.set(keyOf(record), index);
  });
}

/**
 * spec §4: a forfeited degree-I or WinTo! prize passes to its reserve entry, who gets the statement link by
 * e-mail: a reserve entry is for those prizes only, and carries the address.
 */
function checkReserve(record: DrawRecord & Contact, index: number) {
  if (record.reserve === undefined) return;
  const at = `draws[${index}]`;
  if (tierForPrize(record.price)?.reserves !== true)
    throw new WinnersFileError(`${at}.reserve: wpis rezerwowy może mieć tylko nagroda I stopnia albo WinTo!`);
  if (record.email === undefined)
    throw new WinnersFileError(
      `${at}: wpis rezerwowy wymaga pola email (na ten adres wyślemy link, gdy nagroda przejdzie na rezerwowego)`,
    );
}

/** Parses and checks a winners file; throws WinnersFileError naming the first bad record. */
export function parseWinnersFile(json: string): WinnersFile {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new WinnersFileError(`to nie jest poprawny JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new WinnersFileError('plik musi być obiektem {"instant": [...], "draws": [...]}');
  }
  // "note" lets a file say what it is (the bundled demo set says its codes are fictional).
  for (const key of Object.keys(data)) {
    if (!['instant', 'draws', 'note'].includes(key)) throw new WinnersFileError(`${key}: nieznane pole`);
  }
  const file = data as Record<string, unknown>;
  const instant = checkRecords<InstantRecord & Contact>(
    file.instant ?? [],
    'instant',
    instantFields,
    'award',
  );
  const drawRecords = checkRecords<DrawRecord & Contact>(file.draws ?? [], 'draws', drawFields, 'price');
  rejectRepeats(instant, 'instant', instantRecordKey);
  rejectRepeats(drawRecords, 'draws', drawRecordKey);
  drawRecords.forEach(checkReserve);
  // One n-th reserve entry per prize (the records without `reserve` are told apart by their own key).
  rejectRepeats(drawRecords, 'draws', (record) =>
    record.reserve === undefined
      ? drawRecordKey(record)
      : `reserve|${record.drawName}|${record.price}|${record.priceRank}|${record.reserve}`,
  );
  return { instant, draws: drawRecords };
}
