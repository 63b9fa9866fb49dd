import { describe, expect, it } from 'vitest';
import { errorParagraphs } from '#client/features/statement/error-paragraphs.ts';
import { masks } from '#widgets/masks.ts';
import { photoProblem } from '#widgets/image-resize.ts';
import { fitWithin } from '#shared/statement/coupon-photo.ts';

describe('error modal text (spec §8)', () => {
  it('splits on semicolons and keeps what follows the first colon of each item', () => {
    expect(errorParagraphs('pesel: Numer PESEL jest nieprawidłowy.; code: Kod: nie wygrał')).toEqual([
      'Numer PESEL jest nieprawidłowy.',
      'Kod: nie wygrał',
    ]);
  });
  it('shows a message without semicolons as it is, and nothing for an empty one', () => {
    expect(errorParagraphs('Serwis chwilowo niedostępny')).toEqual(['Serwis chwilowo niedostępny']);
    expect(errorParagraphs('')).toEqual([]);
  });
});

describe('input filters (spec §5)', () => {
  const typed = (mask: string, raw: string) => masks[mask]!.toValue(raw);

  it('phone: digits only, shown as three groups', () => {
    expect(typed('phone', '600-700-800')).toBe('600700800');
    expect(masks.phone!.display('600700800')).toBe('600 700 800');
  });
  it("phone: Poland's country code is dropped, however written", () => {
    for (const raw of [
      '+48 600 700 800',
      '+48600700800',
      '0048 600 700 800',
      '48600700800',
      '(+48) 600-700-800',
    ])
      expect(typed('phone', raw), raw).toBe('600700800');
    // typed one key at a time: the prefix stays until the number's first digit follows it
    expect(['+', '+4', '+48', '+48 6'].map((raw) => typed('phone', raw))).toEqual(['+', '+4', '+48', '6']);
    expect(['0', '00', '004', '0048', '00486'].map((raw) => typed('phone', raw))).toEqual([
      '0',
      '00',
      '004',
      '0048',
      '6',
    ]);
    // a Radom landline (area code 48) is a 9-digit number, not a country code
    expect(typed('phone', '48 362 00 00')).toBe('483620000');
  });
  it('phone: any other number longer than 9 digits is kept whole, never cut to another number', () => {
    expect(typed('phone', '600 700 8009')).toBe('6007008009');
    expect(typed('phone', '+49 151 2345 6789')).toBe('+4915123456789');
  });
  it('zip: 5 digits shown NN-NNN', () => {
    expect(typed('zipCode', '30-0012')).toBe('30001');
    expect(masks.zipCode!.display('30001')).toBe('30-001');
  });
  it('PESEL: up to 11 digits', () => expect(typed('pesel', '4405a14013599')).toBe('44051401359'));
  it('ID card: up to 3 letters then up to 6 digits, upper case', () => {
    expect(typed('idCard', 'ab1a300000')).toBe('AB');
    expect(typed('idCard', 'aba3000001')).toBe('ABA300000');
  });
  it('passport: up to 2 letters then up to 7 digits', () =>
    expect(typed('passport', 'zs00017745')).toBe('ZS0001774'));
  it('bank account: up to 26 digits with single spaces', () => {
    expect(typed('bankAccount', '61  1090 1014 0000 0712 1981 2874 99')).toBe(
      '61 1090 1014 0000 0712 1981 2874 ',
    );
    expect(typed('bankAccount', 'PL61')).toBe('61');
  });
  it('bank account: a pasted foreign IBAN keeps its country letters', () => {
    expect(typed('bankAccount', ' de89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(typed('bankAccount', 'pl 61 1090')).toBe('61 1090');
  });
  it('serial number: 19 digits shown 4-9-6', () => {
    expect(typed('serialNumber', '1234-5678901234567890')).toBe('1234567890123456789');
    expect(masks.serialNumber!.display('1234567890123456789')).toBe('1234-567890123-456789');
  });
  it('birth date: digits with dashes put in', () => expect(typed('date', '19900228')).toBe('1990-02-28'));
  it('birth date: the Polish order is taken and turned round once the year is whole', () => {
    expect(typed('date', '14.05.1944')).toBe('1944-05-14');
    expect(typed('date', '1.5.1944')).toBe('1944-05-01');
    expect(typed('date', '14/05/1944')).toBe('1944-05-14');
    expect(typed('date', '14-05-1944')).toBe('1944-05-14');
    expect(typed('date', '14051944')).toBe('1944-05-14');
    // while typing, what was typed stays as it is
    expect(
      ['1', '14', '14.', '14.0', '14.05', '14.05.', '14.05.19'].map((raw) => typed('date', raw)),
    ).toEqual(['1', '14', '14.', '14.0', '14.05', '14.05.', '14.05.19']);
    expect(typed('date', '1944-05-1')).toBe('1944-05-1');
  });
  it('code: alphanumeric, 11, in the capitals the boxes show', () =>
    expect(typed('code', 'a1-b2 c3d4e5f6g')).toBe('A1B2C3D4E5F'));
});

describe('coupon photo (spec §5)', () => {
  it('accepts jpeg, jpg, png and gif up to 10 MB only', () => {
    expect(photoProblem({ name: 'kupon.JPG', type: 'image/jpeg', size: 10_485_760 })).toBeUndefined();
    expect(photoProblem({ name: 'kupon.gif', type: 'image/gif', size: 10 })).toBeUndefined();
    expect(photoProblem({ name: 'kupon.png', type: 'image/png', size: 10_485_761 })).toBe('tooLarge');
    expect(photoProblem({ name: 'kupon.webp', type: 'image/webp', size: 10 })).toBe('wrongType');
    expect(photoProblem({ name: 'kupon.pdf', type: 'application/pdf', size: 10 })).toBe('wrongType');
  });
  it('downscales to fit 600x800 keeping the ratio, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 600, height: 450 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 600, height: 800 });
    expect(fitWithin(1000, 4000)).toEqual({ width: 200, height: 800 });
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
  });
});
