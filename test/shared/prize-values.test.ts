import { describe, expect, it } from 'vitest';
import statementJson from '#content/statement.json';
import { prizes, prizeValue } from '#shared/campaign.ts';
import type { Faq } from '#shared/content-schemas/pages.ts';
import { faq, texts, withFacts } from '#shared/content/texts.ts';
import { additionalAwardFor, formatZloty, prizeValueOf, taxOn } from '#shared/prize-values.ts';

// spec §9 "Tax and records" and the prize table of §3: prizes.json's numbers, and the texts made of them.

describe('prize values', () => {
  it('an award is the value / 9 rounded half up, and so 10 % of value and award', () => {
    for (const [value, award] of [
      [68_900, 7_656],
      [3_000, 333],
      [10_000, 1_111],
      [3_679, 409],
      [7_000, 778],
      [2_281, 253],
    ] as const) {
      expect(additionalAwardFor(value)).toBe(award);
      expect(taxOn(value, award)).toBe(award);
    }
    // Half a złoty rounds up: 10 % of 7 785 is 778.5.
    expect(taxOn(7_000, 785)).toBe(779);
    expect(taxOn(7_000, 784)).toBe(778);
  });

  it('gives each prize its value, award, tax and whether it is taxed and registered', () => {
    expect(prizeValue('AYGO')).toEqual({
      value: 71_900,
      additionalAward: 7_989,
      total: 79_889,
      taxed: true,
      registered: true,
      tax: 7_989,
      transfer: false,
    });
    expect(prizeValue('BON_10000')).toMatchObject({ value: 10_000, additionalAward: 1_111, tax: 1_111 });
    expect(prizeValue('TELEFON')).toMatchObject({ total: 4_088, taxed: true, registered: true });
    expect(prizeValue('WINTO')).toMatchObject({ value: 7_000, additionalAward: 778, transfer: true });
    for (const [key, value] of [
      ['ZEGAREK', 999],
      ['APARAT', 619],
      ['KASA_200', 200],
    ] as const) {
      expect(prizeValue(key)).toMatchObject({
        value,
        additionalAward: 0,
        tax: 0,
        taxed: false,
        registered: false,
      });
    }
    expect(prizeValue('KASA_200').transfer).toBe(true);
  });

  it('a prize of exactly 2 280 zł is registered and untaxed; one above is both', () => {
    const at = (value: number) =>
      prizeValueOf({ award: '', type: 'daily', label: '', value }, prizes.taxThreshold);
    expect(at(2_279)).toMatchObject({ registered: false, taxed: false });
    expect(at(2_280)).toMatchObject({ registered: true, taxed: false, tax: 0 });
    expect(at(2_281)).toMatchObject({ registered: true, taxed: true });
  });
});

describe('amounts in Polish texts', () => {
  it('are whole złoty grouped by thousands with spaces, as the spec writes them', () => {
    expect(formatZloty(68_900)).toBe('68 900 zł');
    expect(formatZloty(7_000)).toBe('7 000 zł');
    expect(formatZloty(999)).toBe('999 zł');
    expect(formatZloty(1_234_567)).toBe('1 234 567 zł');
  });

  it('the prizes named in the texts are the spec’s, word for word (bound by no-break spaces on screen)', () => {
    const plain = (text: string) => text.replaceAll('\u00a0', ' ');
    const statement = withFacts(statementJson);
    expect(plain(statement.prizes.I)).toBe(
      'samochodu osobowego o wartości 68 900 zł brutto wraz z nagrodą dodatkową w wysokości 7 656 zł oraz kwoty 3 000 zł na ubezpieczenie OC samochodu wraz z nagrodą dodatkową w wysokości 333 zł. Łączna wartość nagrody wynosi 79 889 zł.',
    );
    expect(plain(statement.prizes.WINTO)).toBe(
      'kwoty 7 000 zł przekazanej przelewem na rachunek bankowy Laureata wraz z nagrodą dodatkową w wysokości 778 zł. Łączna wartość nagrody wynosi 7 778 zł.',
    );
    const table = (faq as Faq).groups
      .flatMap((group) => group.items)
      .find((item) => item.id === 'jakie-nagrody')!.table!.rows!;
    expect(table.map((row) => row.map(plain))).toEqual([
      [
        'I',
        'samochód osobowy o wartości 68 900 zł brutto oraz 3 000 zł na ubezpieczenie OC',
        '7',
        '7 656 zł + 333 zł',
        '79 889 zł',
      ],
      ['II', 'bon wakacyjny o wartości 10 000 zł', '20', '1 111 zł', '11 111 zł'],
      ['III', 'smartfon o wartości 3 679 zł', '40', '409 zł', '4 088 zł'],
      ['IV', 'smartwatch o wartości 999 zł', '70', '–', '999 zł'],
      ['V', 'aparat do zdjęć natychmiastowych o wartości 619 zł', '70', '–', '619 zł'],
      ['VI', '200 zł przelewem na rachunek bankowy', '4 760', '–', '200 zł'],
      ['WinTo!', '7 000 zł przelewem na rachunek bankowy', '7', '778 zł', '7 778 zł'],
    ]);
    expect(plain(texts.hero.wintoAlt)).toBe(
      'WinTo! – członkowie programu lojalnościowego grają dodatkowo o 7 000 zł',
    );
    expect(prizes.catalogue.BON_10000.award).toBe('Bon wakacyjny o wartości 10 000 zł');
    expect(prizes.catalogue.WINTO.award).toBe('7 000 zł');
  });
});
