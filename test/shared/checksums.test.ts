import { describe, expect, it } from 'vitest';
import {
  countNonSpace,
  hasForeignCountryPrefix,
  isCalendarDate,
  isEmailAddress,
  isValidIdCard,
  isValidPassport,
  isValidPesel,
  isValidPolishIban,
  peselBirthDate,
  toPolishIban,
} from '../../src/shared/statement/checksums';

describe('PESEL (weights 1,3,7,9 and the century in the month)', () => {
  it.each([
    ['44051401359', '1944-05-14'],
    ['02070803628', '1902-07-08'],
    ['85123101236', '1985-12-31'],
    ['02321504560', '2002-12-15'],
    ['04412903333', '2104-01-29'],
    ['25410107895', '2125-01-01'],
    ['99912312341', '1899-11-23'],
    ['00810101119', '1800-01-01'],
    ['00610102220', '2200-01-01'],
  ])('%s is valid and encodes %s', (pesel, birthDate) => {
    expect(isValidPesel(pesel)).toBe(true);
    expect(peselBirthDate(pesel)).toBe(birthDate);
  });

  it.each([
    ['44051401358', 'wrong control digit'],
    ['4405140135', 'too short'],
    ['440514013591', 'too long'],
    ['4405140135a', 'a letter'],
    ['00022904441', '29 February 1900 does not exist (control digit right)'],
    ['44133101358', 'month 13'],
    ['', 'empty'],
  ])('%s is invalid: %s', (pesel) => {
    expect(isValidPesel(pesel)).toBe(false);
  });
});

describe('ID card (3 letters, check digit 4th, weights 7,3,1,7,3,1,7,3)', () => {
  it.each(['ABA300000', 'aba300000', 'ABC523456', 'XYZ100001', 'DEF998765'])('%s is valid', (number) => {
    expect(isValidIdCard(number)).toBe(true);
  });
  it.each(['ABA300001', 'ABC423456', 'AB1300000', 'ABA30000', 'ABA3000000', '123456789', 'ĄBA300000'])(
    '%s is invalid',
    (number) => expect(isValidIdCard(number)).toBe(false),
  );
});

describe('passport (2 letters, check digit 3rd)', () => {
  it.each(['ZS0001774', 'zs0001774', 'AA1123456', 'EZ2987654'])('%s is valid', (number) => {
    expect(isValidPassport(number)).toBe(true);
  });
  it.each(['ZS1001774', 'ZS000177', 'Z10001774', 'ZSA001774', 'AA0123456'])('%s is invalid', (number) =>
    expect(isValidPassport(number)).toBe(false),
  );
});

describe('Polish IBAN (length 28, mod 97)', () => {
  it.each([
    'PL61109010140000071219812874',
    '61109010140000071219812874',
    '61 1090 1014 0000 0712 1981 2874',
    'pl61 1090 1014 0000 0712 1981 2874',
    'PL73 1140 2004 0000 3502 3456 7890',
    'PL30102031330000000000000001',
  ])('%s is valid', (account) => {
    expect(isValidPolishIban(account)).toBe(true);
  });

  it.each([
    'PL61109010140000071219812875',
    '6110901014000007121981287',
    '611090101400000712198128741',
    'DE89370400440532013000',
    'PL6110901014000007121981287X',
  ])('%s is invalid', (account) => expect(isValidPolishIban(account)).toBe(false));

  it('normalises to PL + 26 digits and tells a foreign prefix', () => {
    expect(toPolishIban('61 1090 1014 0000 0712 1981 2874')).toBe('PL61109010140000071219812874');
    expect(hasForeignCountryPrefix('DE89370400440532013000')).toBe(true);
    expect(hasForeignCountryPrefix('pl61109010140000071219812874')).toBe(false);
    expect(hasForeignCountryPrefix('61109010140000071219812874')).toBe(false);
  });
});

describe('other rules', () => {
  it('counts characters that are not white space', () => {
    expect(countNonSpace(' a \t b ')).toBe(2);
    expect(countNonSpace('   ')).toBe(0);
  });

  it('accepts only real calendar dates as YYYY-MM-DD', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2025-04-31')).toBe(false);
    expect(isCalendarDate('2025-4-3')).toBe(false);
  });

  it('recognises e-mail addresses', () => {
    expect(isEmailAddress('jan.kowalski@example.pl')).toBe(true);
    expect(isEmailAddress('jan@example')).toBe(false);
    expect(isEmailAddress('jan kowalski@example.pl')).toBe(false);
  });
});
