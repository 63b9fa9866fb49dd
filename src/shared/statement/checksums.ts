// The one checksum module: the ajv keywords call these in the browser and on the server alike.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import campaign from '#content/campaign.json';

const PESEL_WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
/** PESEL months carry the century: +80 for 1800s, +0 for 1900s, +20 for 2000s, +40 for 2100s, +60 for 2200s. */
const PESEL_CENTURIES: Array<[offset: number, century: number]> = [
  [80, 1800],
  [0, 1900],
  [20, 2000],
  [40, 2100],
  [60, 2200],
];

export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The birth date a PESEL encodes, as YYYY-MM-DD, or undefined when it encodes none. */
export function peselBirthDate(pesel: string): string | undefined {
  if (!/^\d{11}$/.test(pesel)) return undefined;
  const yy = Number(pesel.slice(0, 2));
  const mm = Number(pesel.slice(2, 4));
  const dd = Number(pesel.slice(4, 6));
  const found = PESEL_CENTURIES.find(([offset]) => mm > offset && mm <= offset + 12);
  if (!found) return undefined;
  const [offset, century] = found;
  const year = century + yy;
  const month = mm - offset;
  if (!isRealDate(year, month, dd)) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

/** spec §5: 11 digits, weights 1,3,7,9 repeating, and (for a real PESEL) an encoded birth date that exists. */
export function isValidPesel(pesel: string): boolean {
  if (!/^\d{11}$/.test(pesel)) return false;
  const digits = [...pesel].map(Number);
  const sum = PESEL_WEIGHTS.reduce((total, weight, index) => total + weight * digits[index]!, 0);
  const control = (10 - (sum % 10)) % 10;
  return control === digits[10] && peselBirthDate(pesel) !== undefined;
}

const DOCUMENT_WEIGHTS = [7, 3, 1, 7, 3, 1, 7, 3];

/** A=10 … Z=35, digits as themselves: the value table of Polish identity documents. */
function documentCharValue(char: string): number {
  return /\d/.test(char) ? Number(char) : char.toUpperCase().charCodeAt(0) - 55;
}

function documentChecksumHolds(number: string, checkIndex: number): boolean {
  const chars = [...number.toUpperCase()];
  const others = chars.filter((_, index) => index !== checkIndex);
  const sum = others.reduce(
    (total, char, index) => total + DOCUMENT_WEIGHTS[index]! * documentCharValue(char),
    0,
  );
  return sum % 10 === Number(chars[checkIndex]);
}

/** spec §5: ID card: 3 letters, then 6 digits; the 4th character checks the others (weights 7,3,1,7,3,1,7,3). */
export function isValidIdCard(number: string): boolean {
  return /^[A-Za-z]{3}\d{6}$/.test(number) && documentChecksumHolds(number, 3);
}

/** spec §5: passport: 2 letters, then 7 digits; the 3rd character checks the others. */
export function isValidPassport(number: string): boolean {
  return /^[A-Za-z]{2}\d{7}$/.test(number) && documentChecksumHolds(number, 2);
}

/** Bank account as typed (optional PL, digits, single spaces) to the IBAN the API sends: "PL" + 26 digits. */
export function toPolishIban(account: string): string {
  const compact = account.replace(/\s+/g, '').toUpperCase();
  return compact.startsWith('PL') ? compact : `PL${compact}`;
}

/** spec §5: a Polish IBAN of length 28 whose mod-97 check holds. */
export function isValidPolishIban(account: string): boolean {
  const iban = toPolishIban(account);
  if (!/^PL\d{26}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const numeric = [...rearranged].map(documentCharValue).join('');
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** An account number with a foreign country prefix (e.g. "DE89…") is not Polish (spec §5 message). */
export function hasForeignCountryPrefix(account: string): boolean {
  const compact = account.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}/.test(compact) && !compact.startsWith('PL');
}

/** spec §5: at least `min` characters that are not white space. */
export function countNonSpace(text: string): number {
  return text.replace(/\s/g, '').length;
}

/** docs/decisions/field-rules.md#two-letters: names and places need letters (any script's, \p{L}), not just dots, hyphens or digits. */
export function countLetters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

// The statement schemas check dates and e-mail addresses with ajv-formats' `date` and `email` formats;
// the server's other checks (the winners file, the operator's commands) use the same rules through these.
const dateFormat = fullFormats.date as { validate(text: string): boolean };
const emailFormat = fullFormats.email as RegExp;

/** A YYYY-MM-DD string naming a day that exists (RFC 3339 full-date). */
export function isCalendarDate(text: string): boolean {
  return dateFormat.validate(text);
}

/** An RFC 5322 "dot-atom" address with a dotted domain: no spaces, quotes, brackets or markup. */
export function isEmailAddress(text: string): boolean {
  return emailFormat.test(text);
}

/** spec §5 "Participation rules": adults only. Of age: 18 years old on the day of the check. */
const ADULT_AGE_YEARS = 18;

/**
 * The last day of code registration (campaign.json `registration.end`, a Warsaw wall-clock time): whoever
 * is not yet 18 that day was a minor whenever they registered a code.
 */
export const REGISTRATION_LAST_DAY = campaign.registration.end.slice(0, 10);

/**
 * Whether someone born on `birthDate` is of age on `day` (both YYYY-MM-DD): on their 18th birthday, or,
 * born on 29 February, on 28 February of a common year (Kodeks cywilny art. 112).
 */
export function isAdultOn(birthDate: string, day: string): boolean {
  const parts = (text: string) => text.split('-').map(Number) as [number, number, number];
  const [year, month, date] = parts(birthDate);
  const adultYear = year + ADULT_AGE_YEARS;
  const adultDate = isRealDate(adultYear, month, date) ? date : date - 1;
  const [dayYear, dayMonth, dayDate] = parts(day);
  const ordinal = (y: number, m: number, d: number) => y * 10_000 + m * 100 + d;
  return ordinal(adultYear, month, adultDate) <= ordinal(dayYear, dayMonth, dayDate);
}

/**
 * spec §5 "Participation rules": a PESEL (its encoded birth date) or a birth date (YYYY-MM-DD) of someone
 * of age on the last day of code registration. A value that is neither a valid PESEL nor a real date is
 * not judged here: the field's other rules name what is wrong with it.
 */
export function isAdultByRegistrationEnd(text: string): boolean {
  const birthDate = isValidPesel(text) ? peselBirthDate(text) : isCalendarDate(text) ? text : undefined;
  return birthDate === undefined || isAdultOn(birthDate, REGISTRATION_LAST_DAY);
}
