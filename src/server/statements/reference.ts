import { randomInt } from 'node:crypto';

// docs/api.md#statements: the number a winner reads aloud on the phone. No letters or digits that look or
// sound alike (0/O, 1/I/L, U/V): 30 symbols, 8 of them (6.6 × 10¹¹ numbers), in two groups of four.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;

export function newReference(): string {
  let reference = '';
  for (let at = 0; at < LENGTH; at += 1) reference += ALPHABET[randomInt(ALPHABET.length)];
  return `${reference.slice(0, 4)}-${reference.slice(4)}`;
}
