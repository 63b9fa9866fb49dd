import { describe, expect, it } from 'vitest';
import { campaign, isOnlineCode, noticeAt, phaseAt, prizes, prizesContent } from '#shared/campaign.ts';
import { contentFiles, validateContent } from '#shared/content-validation.ts';
import { warsawCalendarDate, warsawLocalToInstant } from '#shared/warsaw-time.ts';

const at = (iso: string) => Date.parse(iso);

describe('content files', () => {
  it('are valid', () => {
    expect(validateContent(contentFiles)).toEqual([]);
  });

  it('report a bad field by file and path', () => {
    const broken = structuredClone(campaign);
    broken.phases[2]!.start = '2025-13-01T00:00:00';
    broken.links.video = 'ftp://nope';
    broken.sales.start = '2025-06-25';
    // Editors' typical slips: a misspelt key, a number in quotes.
    Object.assign(broken.contact, { emial: broken.contact.email });
    Object.assign(broken, { statementDeadlineDays: '6' });
    const errors = validateContent({ ...contentFiles, campaign: broken });
    expect(errors).toEqual([
      'src/content/campaign.json: /sales/start — wpisz datę i godzinę jako "RRRR-MM-DDTGG:MM:SS" (czas polski): teksty podają godzinę',
      'src/content/campaign.json: /statementDeadlineDays — „statementDeadlineDays” musi być liczbą całkowitą, a jest tekstem „6”',
      'src/content/campaign.json: /phases/2/start — wpisz datę jako "RRRR-MM-DD" albo datę i godzinę jako "RRRR-MM-DDTGG:MM:SS" (czas polski)',
      'src/content/campaign.json: /contact/emial — nieznane pole „emial” w „contact” — czy chodziło o „email”?',
      'src/content/campaign.json: /links/video — wpisz pełny adres zaczynający się od https://',
    ]);
  });

  it('report phases out of order and tiers that repeat a path', () => {
    const lateStart = structuredClone(campaign);
    lateStart.phases[1]!.start = '2025-06-01T00:00:00';
    expect(validateContent({ ...contentFiles, campaign: lateStart })).toContain(
      'src/content/campaign.json: /phases/1/start — faza musi się zaczynać po końcu poprzedniej (/phases/0/end)',
    );
    const samePath = structuredClone(prizes);
    samePath.tiers[1]!.path = samePath.tiers[0]!.path;
    expect(validateContent({ ...contentFiles, prizes: samePath })).toContain(
      'src/content/prizes.json: /tiers — wartości „path” poziomów powtarzają się',
    );
  });

  it('report an additional award that does not pay the 10 % tax of its value, and a misnamed amount', () => {
    const wrong = structuredClone(prizesContent);
    wrong.catalogue.BON_10000.additionalAward = 1110;
    wrong.catalogue.AYGO.insurance!.additionalAward = 334;
    wrong.catalogue.ZEGAREK.additionalAward = 111;
    wrong.catalogue.WINTO.award = '{WINTO.valeu}';
    wrong.tiers[4]!.taxAward = true;
    expect(validateContent({ ...contentFiles, prizes: wrong })).toEqual([
      'src/content/prizes.json: /catalogue/WINTO/award — nieznana nazwa w klamrach „{WINTO.valeu}” — czy chodziło o „{WINTO.value}”?',
      'src/content/prizes.json: /catalogue/AYGO/insurance/additionalAward — nagroda dodatkowa 334 zł nie zgadza się z wartością 3 000 zł: wpisz 333 (wartość podzielona przez 9, zaokrąglona do pełnych złotych; tyle wynosi 10% podatku od wartości razem z nagrodą dodatkową)',
      'src/content/prizes.json: /catalogue/BON_10000/additionalAward — nagroda dodatkowa 1 110 zł nie zgadza się z wartością 10 000 zł: wpisz 1111 (wartość podzielona przez 9, zaokrąglona do pełnych złotych; tyle wynosi 10% podatku od wartości razem z nagrodą dodatkową)',
      'src/content/prizes.json: /catalogue/ZEGAREK/additionalAward — nagroda „ZEGAREK” (999 zł) nie przekracza 2 280 zł: podatku się nie pobiera, usuń nagrodę dodatkową',
      'src/content/prizes.json: /tiers/4/taxAward — nagroda „APARAT” nie przekracza 2 280 zł, więc nie ma nagrody dodatkowej ani zgody na nią: wpisz false',
    ]);
  });

  it('accept a value changed with its award, and a prize of exactly the threshold without one', () => {
    const changed = structuredClone(prizesContent);
    changed.catalogue.TELEFON.value = 3600;
    changed.catalogue.TELEFON.additionalAward = 400;
    changed.catalogue.WINTO.value = 7004; // 778.2 → 778; 10 % of 7 782 = 778.2 → 778
    changed.catalogue.ZEGAREK.value = 2280;
    expect(validateContent({ ...contentFiles, prizes: changed })).toEqual([]);
    const above = structuredClone(changed);
    above.catalogue.ZEGAREK.value = 2281;
    above.tiers[1]!.taxAward = false;
    expect(validateContent({ ...contentFiles, prizes: above })).toEqual([
      'src/content/prizes.json: /catalogue/ZEGAREK/additionalAward — nagroda „ZEGAREK” (2 281 zł) przekracza 2 280 zł, więc potrzebuje nagrody dodatkowej na podatek: wpisz „additionalAward”: 253',
      'src/content/prizes.json: /tiers/1/taxAward — nagroda „BON_10000” przekracza 2 280 zł, więc ma nagrodę dodatkową na podatek, a formularz pyta o zgodę na nią: wpisz true',
      'src/content/prizes.json: /tiers/3/taxAward — nagroda „ZEGAREK” przekracza 2 280 zł, więc ma nagrodę dodatkową na podatek, a formularz pyta o zgodę na nią: wpisz true',
    ]);
  });
});

describe('Warsaw time', () => {
  it('reads campaign times as Warsaw wall-clock time in summer and winter', () => {
    expect(warsawLocalToInstant('2025-06-25T06:30:00')).toBe(at('2025-06-25T04:30:00Z'));
    expect(warsawLocalToInstant('2026-01-31T12:00:00')).toBe(at('2026-01-31T11:00:00Z'));
    expect(warsawLocalToInstant('2025-10-26T03:30:00')).toBe(at('2025-10-26T02:30:00Z'));
  });

  it('gives the Warsaw calendar date, not the UTC one', () => {
    expect(warsawCalendarDate(at('2025-07-01T22:30:00Z'))).toEqual({ year: 2025, month: 7, day: 2 });
  });
});

describe('campaign phases (spec §4)', () => {
  const phaseId = (iso: string) => phaseAt(at(iso))?.id;

  it('has no phase before the first window', () => {
    expect(phaseId('2025-04-30T21:54:00Z')).toBeUndefined();
  });

  it('switches exactly at the Warsaw boundaries of the spec', () => {
    expect(phaseId('2025-04-30T21:54:01Z')).toBe('beforeStart');
    expect(phaseId('2025-06-25T04:29:59Z')).toBe('beforeStart');
    expect(phaseId('2025-06-25T04:30:00Z')).toBe('active');
    expect(phaseId('2025-08-31T21:54:00.500Z')).toBe('active');
    expect(phaseId('2025-08-31T21:54:01Z')).toBe('saleEnded');
    expect(phaseId('2025-09-02T22:00:00.500Z')).toBe('saleEnded');
    expect(phaseId('2025-09-02T22:00:01Z')).toBe('registrationEnded');
    expect(phaseId('2025-10-10T21:59:59Z')).toBe('registrationEnded');
    expect(phaseId('2025-10-10T22:00:00Z')).toBe('lotteryEnded');
    expect(phaseId('2026-06-01T00:00:00Z')).toBe('lotteryEnded');
  });

  it('carries the banner texts of the spec', () => {
    expect(phaseAt(at('2025-09-05T10:00:00Z'))?.banner).toBe(
      'Sprzedaż promocyjna oraz rejestracja kodów zostały zakończone. Zachowaj zarejestrowane kody promocyjne do 10 października 2025 r.',
    );
    expect(phaseAt(at('2025-07-05T10:00:00Z'))?.banner).toBe('');
  });
});

describe('notices and codes', () => {
  const notices = [{ start: '2025-07-01', end: '2025-07-02', message: 'Przerwa techniczna' }];

  it('opens a notice for the whole last day of its period, Warsaw time', () => {
    expect(noticeAt(at('2025-06-30T21:59:59Z'), notices)).toBeUndefined();
    expect(noticeAt(at('2025-06-30T22:00:00Z'), notices)?.message).toBe('Przerwa techniczna');
    expect(noticeAt(at('2025-07-02T21:59:59Z'), notices)?.message).toBe('Przerwa techniczna');
    expect(noticeAt(at('2025-07-02T22:00:00Z'), notices)).toBeUndefined();
  });

  it('tells online codes by their first character, any case', () => {
    expect(isOnlineCode('EAB12CD34EF', 'e')).toBe(true);
    expect(isOnlineCode('eAB12CD34EF', 'e')).toBe(true);
    expect(isOnlineCode('AAB12CD34EF', 'e')).toBe(false);
  });
});
