// spec §5 input filters: what a field accepts while typing, and how its value is shown.
export interface Mask {
  inputMode: 'numeric' | 'text' | 'tel';
  /** Raw typed text to the form value (filtered, limited). */
  toValue(raw: string): string;
  /** Form value to the text shown in the input. */
  display(value: string): string;
}

const digits = (raw: string) => raw.replace(/\D/g, '');
const same = (value: string) => value;
/** Letters and digits only, in capitals. */
const alphanumeric = (raw: string) => raw.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Up to `letters` letters, then up to `numbers` digits, upper case (ID card 3+6, passport 2+7). */
function lettersThenDigits(letters: number, numbers: number) {
  return (raw: string) => {
    const text = alphanumeric(raw);
    const head = /^[A-Z]*/.exec(text)![0].slice(0, letters);
    const tail = head.length === letters ? digits(text.slice(head.length)).slice(0, numbers) : '';
    return head + tail;
  };
}

/**
 * A Polish phone number: 9 digits. Poland's country code in front (+48, 0048, or the 11 digits "48…" an
 * autofill pastes) is dropped; any other longer number keeps every digit (and its "+"), so the field says
 * it is not 9 digits instead of silently keeping another number
 * (docs/decisions/statement-page.md#what-a-winner-types). A "+" or "00" alone is kept while the country code
 * is being typed.
 */
function phoneValue(raw: string): string {
  const plus = raw.trimStart().startsWith('+');
  const all = digits(raw);
  const national = plus
    ? all.replace(/^48(?=\d)/, '')
    : all.replace(/^0048(?=\d)/, '').replace(/^48(?=\d{9}$)/, '');
  const foreign = plus && national === all;
  return ((foreign ? '+' : '') + national).slice(0, 16);
}

/**
 * A date as the form sends it, RRRR-MM-DD, with the dashes put in while typing. The Polish order is taken
 * too (docs/decisions/statement-page.md#what-a-winner-types): "14.05.1944" (any of . / - or a space after the
 * day) is kept as typed until its year is whole, then turned round; eight digits whose first four cannot be a
 * birth year ("14051944") likewise.
 */
function dateValue(raw: string): string {
  const polish = /^\s*(\d{1,2})[./ -](?:(\d{1,2})(?:[./ -](\d{0,4}))?)?/.exec(raw);
  if (polish) {
    const [, day, month, year] = polish;
    if (year?.length === 4) return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
    return [day, month, year].filter(Boolean).join('.') + (/[./ -]$/.test(raw) ? '.' : '');
  }
  const d = digits(raw).slice(0, 8);
  if (d.length === 8 && Number(d.slice(0, 4)) < 1900 && Number(d.slice(4)) >= 1900)
    return `${d.slice(4)}-${d.slice(2, 4)}-${d.slice(0, 2)}`;
  return [d.slice(0, 4), d.slice(4, 6), d.slice(6, 8)].filter(Boolean).join('-');
}

export const masks: Record<string, Mask> = {
  // "three 3-digit groups"
  phone: {
    inputMode: 'tel',
    toValue: phoneValue,
    display: (value) => value.replace(/(\d{3})(?=\d)/g, '$1 '),
  },
  // "2 digits then 3 digits"
  zipCode: {
    inputMode: 'numeric',
    toValue: (raw) => digits(raw).slice(0, 5),
    display: (value) => (value.length > 2 ? `${value.slice(0, 2)}-${value.slice(2)}` : value),
  },
  pesel: { inputMode: 'numeric', toValue: (raw) => digits(raw).slice(0, 11), display: same },
  date: { inputMode: 'numeric', toValue: dateValue, display: same },
  idCard: { inputMode: 'text', toValue: lettersThenDigits(3, 6), display: same },
  passport: { inputMode: 'text', toValue: lettersThenDigits(2, 7), display: same },
  // "up to 26 digits with optional single spaces". A pasted foreign IBAN ("DE89 3704…") keeps its country
  // letters, so the field can say it is no Polish account (spec §5) instead of calling its digits invalid;
  // "PL" is implied and dropped.
  bankAccount: {
    inputMode: 'numeric',
    toValue: (raw) => {
      const text = raw.trimStart();
      const letters = /^[A-Za-z]{1,2}/.exec(text)?.[0].toUpperCase() ?? '';
      let result = letters === 'PL' ? '' : letters;
      const rest = text
        .slice(letters.length)
        .replace(/[^\d ]/g, '')
        .replace(/ {2,}/g, ' ');
      let count = 0;
      for (const char of result ? rest : rest.replace(/^ /, '')) {
        if (char === ' ' || count < 26) result += char;
        if (char !== ' ') count += 1;
      }
      return result;
    },
    display: same,
  },
  // spec §9: 19 digits shown with dashes after the 4th digit and before the last 6
  serialNumber: {
    inputMode: 'numeric',
    toValue: (raw) => digits(raw).slice(0, 19),
    display: (value) =>
      [value.slice(0, 4), value.slice(4, 13), value.slice(13, 19)].filter(Boolean).join('-'),
  },
  // spec §5: "Code: alphanumeric characters"
  // Codes are printed in capitals: a code typed in lower case is kept as the capitals the box shows
  // (docs/decisions/statement-page.md#what-a-winner-types).
  code: {
    inputMode: 'text',
    toValue: (raw) => alphanumeric(raw).slice(0, 11),
    display: same,
  },
};
