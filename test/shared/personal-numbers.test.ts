import { describe, expect, it } from 'vitest';
import { personalNumberIn } from '#shared/personal-numbers.ts';

// docs/decisions/retention.md#notes: a note on a look at personal data refuses what looks like one.
describe('a personal number in a note', () => {
  it.each([
    ['PESEL 44051401359 zgadza się', 'pesel'],
    ['44051401358', 'pesel'],
    ['dowód ABA300000', 'id-card'],
    ['dowód aba 300000 sprawdzony', 'id-card'],
    ['paszport AB1234567', 'passport'],
    ['konto PL61 1090 1014 0000 0712 1981 2874', 'account'],
    ['61109010140000071219812874', 'account'],
    ['konto 61 1090 1014 0000 0712 1981 2874', 'account'],
  ])('%s → %s', (note, kind) => {
    expect(personalNumberIn(note)).toBe(kind);
  });

  it.each([
    'Zgodność z kopią dowodu',
    'porównanie z dokumentem z 2025-09-10, zgłoszenie nr 3',
    'numer kuponu 1234567890 nieczytelny',
    'ABCD-EFGH',
    'telefon 600 700 800',
    'x'.repeat(200),
  ])('%s: none', (note) => {
    expect(personalNumberIn(note)).toBeUndefined();
  });
});
