import { describe, expect, it } from 'vitest';
import campaign from '#content/campaign.json';
import {
  countLetters,
  countNonSpace,
  hasForeignCountryPrefix,
  isAdultByRegistrationEnd,
  isAdultOn,
  isCalendarDate,
  isEmailAddress,
  isValidIdCard,
  isValidPassport,
  isValidPesel,
  isValidPolishIban,
  peselBirthDate,
  REGISTRATION_LAST_DAY,
  toPolishIban,
} from '#shared/statement/checksums.ts';

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
    // one letter is no country yet (docs/decisions/field-rules.md#foreign-account: the field keeps letters
    // while "DE…" is pasted or typed)
    expect(hasForeignCountryPrefix('P')).toBe(false);
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

  // README "Names and places … E-mail addresses": what ajv-formats' `email` takes and refuses.
  it.each(['a=b@example.pl', 'jan+loteria@example.pl', "o'brien@example.pl", 'a!b#c@example.pl'])(
    'takes %s (legal in addresses)',
    (address) => expect(isEmailAddress(address)).toBe(true),
  );
  it.each([
    'a b@example.pl',
    '"jan"@example.pl',
    'a<b@example.pl',
    'a>b@example.pl',
    'a;b@example.pl',
    'a,b@example.pl',
    'a(b)@example.pl',
    'jan@[127.0.0.1]',
  ])('refuses %s', (address) => expect(isEmailAddress(address)).toBe(false));

  it('counts letters of any script, not marks, digits or punctuation (two letters)', () => {
    expect(countLetters('Ł.')).toBe(1);
    expect(countLetters('1-')).toBe(0);
    expect(countLetters('Ng')).toBe(2);
    expect(countLetters('Öz')).toBe(2);
    expect(countLetters('Jo-Ann')).toBe(5);
    expect(countLetters('Ли')).toBe(2);
    expect(countLetters('O\u0301')).toBe(1);
  });
});

describe('adults only, on the last day of code registration (spec §5 "Participation rules")', () => {
  // 2025-09-02: whoever was born after 2007-09-02 is not yet 18 that day.
  const ADULT_2007_09_02 = '07290201238';
  const MINOR_2007_09_03 = '07290301235';
  const MINOR_2008_03_15 = '08231504560';

  it('the day is read from campaign.json (registration.end, a Warsaw day)', () => {
    expect(REGISTRATION_LAST_DAY).toBe(campaign.registration.end.slice(0, 10));
    expect(REGISTRATION_LAST_DAY).toBe('2025-09-02');
  });

  it('is of age on the 18th birthday, not the day before', () => {
    expect(isAdultOn('2007-09-02', '2025-09-02')).toBe(true);
    expect(isAdultOn('2007-09-03', '2025-09-02')).toBe(false);
    expect(isAdultOn('1944-05-14', '2025-09-02')).toBe(true);
    // born on 29 February: of age on 28 February of a common year (Kodeks cywilny art. 112)
    expect(isAdultOn('2008-02-29', '2026-02-28')).toBe(true);
    expect(isAdultOn('2008-02-29', '2026-02-27')).toBe(false);
    expect(isAdultOn('2008-02-29', '2025-09-02')).toBe(false);
    expect(isAdultOn('9990-01-01', '2025-09-02')).toBe(false);
  });

  it('reads the birth date from a PESEL', () => {
    expect(peselBirthDate(ADULT_2007_09_02)).toBe('2007-09-02');
    expect(peselBirthDate(MINOR_2007_09_03)).toBe('2007-09-03');
    expect(peselBirthDate(MINOR_2008_03_15)).toBe('2008-03-15');
    expect(isAdultByRegistrationEnd(ADULT_2007_09_02)).toBe(true);
    expect(isAdultByRegistrationEnd(MINOR_2007_09_03)).toBe(false);
    expect(isAdultByRegistrationEnd(MINOR_2008_03_15)).toBe(false);
    expect(isAdultByRegistrationEnd('44051401359')).toBe(true);
  });

  it('takes a birth date as given', () => {
    expect(isAdultByRegistrationEnd('2007-09-02')).toBe(true);
    expect(isAdultByRegistrationEnd('2007-09-03')).toBe(false);
    expect(isAdultByRegistrationEnd('1990-02-28')).toBe(true);
  });

  it('leaves what is no valid PESEL or real date to the other rules', () => {
    for (const value of ['0729030123', '07290301236', '2007-09-31', '2007-9-3', '']) {
      expect(isAdultByRegistrationEnd(value)).toBe(true);
    }
  });
});
