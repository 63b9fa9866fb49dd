import { randomBytes } from 'node:crypto';

// docs/api.md#statements: the number a winner reads aloud on the phone. No letters or digits that look or
// sound alike (0/O, 1/I/L, U/V): 30 symbols, 8 of them (6.6 × 10¹¹ numbers), in two groups of four.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;
// Bytes at or above this are drawn again, so each symbol is equally likely (240 = 8 × 30).
const FAIR_BELOW = 256 - (256 % ALPHABET.length);

export function newReference(): string {
  let reference = '';
  // One call to the random source for the whole number (a call per symbol cost 30 µs per statement).
  while (reference.length < LENGTH) {
    for (const byte of randomBytes(LENGTH * 2)) {
      if (byte < FAIR_BELOW && reference.length < LENGTH) reference += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${reference.slice(0, 4)}-${reference.slice(4)}`;
}

const TYPED = new RegExp(`^([${ALPHABET}]{4})-?([${ALPHABET}]{4})$`);

/**
 * A reference as someone typed it (read off a phone call or an e-mail: any case, spaces, the dash or not),
 * in the form it is stored; undefined when it cannot be one.
 */
export function typedReference(text: string): string | undefined {
  const match = TYPED.exec(text.toUpperCase().replace(/\s+/g, ''));
  return match ? `${match[1]}-${match[2]}` : undefined;
}
