import { afterEach, describe, expect, it, vi } from 'vitest';
import { polishDate, polishDayMonth, polishMonth, polishWeekdays } from '#shared/polish-dates.ts';

const NOMINATIVE = [
  'styczeń',
  'luty',
  'marzec',
  'kwiecień',
  'maj',
  'czerwiec',
  'lipiec',
  'sierpień',
  'wrzesień',
  'październik',
  'listopad',
  'grudzień',
];
const GENITIVE = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
];
const months = Array.from({ length: 12 }, (_, index) => index + 1);

describe('Polish dates', () => {
  it('name a day with its month in the genitive', () => {
    expect(months.map((month) => polishDate({ year: 2025, month, day: 5 }))).toEqual(
      GENITIVE.map((name) => `5 ${name} 2025`),
    );
    expect(months.map((month) => polishDayMonth({ year: 2025, month, day: 1 }))).toEqual(
      GENITIVE.map((name) => `1 ${name}`),
    );
  });

  it('name a calendar month in the nominative, lower case as within a sentence', () => {
    expect(months.map((month) => polishMonth({ year: 2025, month }))).toEqual(
      NOMINATIVE.map((name) => `${name} 2025`),
    );
  });

  it('head a calendar Monday first, each letter with its full name', () => {
    expect(polishWeekdays).toEqual([
      { letter: 'P', name: 'poniedziałek' },
      { letter: 'W', name: 'wtorek' },
      { letter: 'Ś', name: 'środa' },
      { letter: 'C', name: 'czwartek' },
      { letter: 'P', name: 'piątek' },
      { letter: 'S', name: 'sobota' },
      { letter: 'N', name: 'niedziela' },
    ]);
  });

  describe('whatever the device timezone', () => {
    const deviceZone = process.env.TZ;
    afterEach(() => {
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
      vi.resetModules();
    });

    // The formatters are made when the module loads: load it afresh in each zone.
    it.each(['Europe/Warsaw', 'Pacific/Kiritimati', 'Etc/GMT+12'])(
      'keep the calendar date, DST changes and month ends included, in %s',
      async (zone) => {
        process.env.TZ = zone;
        vi.resetModules();
        const dates = await import('#shared/polish-dates.ts');
        expect(dates.polishDate({ year: 2025, month: 3, day: 30 })).toBe('30 marca 2025');
        expect(dates.polishDate({ year: 2025, month: 10, day: 26 })).toBe('26 października 2025');
        expect(dates.polishDate({ year: 2025, month: 12, day: 31 })).toBe('31 grudnia 2025');
        expect(dates.polishDayMonth({ year: 2025, month: 7, day: 1 })).toBe('1 lipca');
        expect(dates.polishMonth({ year: 2026, month: 1 })).toBe('styczeń 2026');
        expect(dates.polishWeekdays[0]!.name).toBe('poniedziałek');
      },
    );
  });
});
