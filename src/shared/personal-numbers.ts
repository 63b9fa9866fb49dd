// docs/decisions/retention.md#notes: what looks like a number that identifies a person, found by its shape
// alone (a mistyped number is still one), in a text staff write where no such number belongs: a note on a
// look at a statement's data, kept in the audit trail, which nothing may rewrite or empty.

export type PersonalNumberKind = 'account' | 'pesel' | 'id-card' | 'passport';

/** Not after a letter or digit: a number standing as a word of its own. */
const START = String.raw`(?<![\p{L}\d])`;

const SHAPES: ReadonlyArray<readonly [PersonalNumberKind, RegExp]> = [
  // spec §5: 26 digits, optionally PL and single spaces (the groups of four as banks print them).
  ['account', new RegExp(String.raw`${START}(?:PL\s?)?\d{2}(?:\s?\d){24}(?!\d)`, 'iu')],
  // 11 digits; any longer run of digits too (an account typed short, a PESEL with a stray digit).
  ['pesel', new RegExp(String.raw`(?<!\d)\d{11,}(?!\d)`, 'u')],
  // spec §5: ID card, 3 letters then 6 digits; passport, 2 letters then 7 (a space between allowed).
  ['id-card', new RegExp(String.raw`${START}[a-z]{3}\s?\d{6}(?!\d)`, 'iu')],
  ['passport', new RegExp(String.raw`${START}[a-z]{2}\s?\d{7}(?!\d)`, 'iu')],
];

/** The first kind of personal number `text` seems to hold, or undefined. */
export function personalNumberIn(text: string): PersonalNumberKind | undefined {
  return SHAPES.find(([, shape]) => shape.test(text))?.[0];
}
