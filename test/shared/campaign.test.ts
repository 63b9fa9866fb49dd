import { describe, expect, it } from 'vitest';
import { campaign, isOnlineCode, noticeAt, phaseAt, prizes } from '#shared/campaign.ts';
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

  it('report a money prize whose transfer is not the amount its award shows', () => {
    const otherAmount = structuredClone(prizes);
    otherAmount.catalogue.WINTO.transfer = 8000;
    expect(validateContent({ ...contentFiles, prizes: otherAmount })).toEqual([
      'src/content/prizes.json: /catalogue/WINTO/transfer — kwota przelewu 8000 zł nie zgadza się z nagrodą „7 000 zł” (award): wpisz „8 000 zł” albo popraw kwotę',
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
