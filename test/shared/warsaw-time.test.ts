import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TIME_ZONE,
  formatIsoDate,
  formatWarsawDateTime,
  isoDateAfter,
  warsawCalendarDate,
  warsawLocalToInstant,
} from '#shared/warsaw-time.ts';

// ICU's own reading of the zone, the reference the summer-time rule must agree with.
const icu = new Intl.DateTimeFormat('sv-SE', {
  timeZone: CAMPAIGN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** "2025-03-30T03:00:00": Warsaw's wall clock at an instant, as ICU's time-zone data has it. */
const icuWallClock = (instantMs: number) => icu.format(new Date(instantMs)).replace(' ', 'T');

const HOUR_MS = 3_600_000;
/** 368 000 hours through ICU: seconds alone, more on a busy machine; these check correctness, not speed. */
const EXHAUSTIVE_MS = 30_000;

describe('Warsaw time (the EU summer-time rule Poland keeps since 1996)', () => {
  it(
    'gives every hour from 1996 to 2037 the calendar date ICU gives it',
    () => {
      const differences: string[] = [];
      for (let instant = Date.UTC(1996, 0, 1); instant < Date.UTC(2038, 0, 1); instant += HOUR_MS) {
        const expected = icuWallClock(instant).slice(0, 10);
        const actual = formatIsoDate(warsawCalendarDate(instant));
        if (actual !== expected)
          differences.push(`${new Date(instant).toISOString()}: ${actual} ≠ ${expected}`);
      }
      expect(differences.slice(0, 5)).toEqual([]);
    },
    EXHAUSTIVE_MS,
  );

  it(
    'reads every whole hour of Warsaw wall-clock time from 1996 to 2037 as the instant ICU shows it at',
    () => {
      const differences: string[] = [];
      for (let instant = Date.UTC(1996, 0, 1); instant < Date.UTC(2038, 0, 1); instant += HOUR_MS) {
        const wall = icuWallClock(instant);
        // In the hour the clocks are put back, a wall time names two instants: the later (winter time) is read.
        const meant = icuWallClock(instant + HOUR_MS) === wall ? instant + HOUR_MS : instant;
        if (warsawLocalToInstant(wall) !== meant) differences.push(`${wall}: ${warsawLocalToInstant(wall)}`);
      }
      expect(differences.slice(0, 5)).toEqual([]);
    },
    EXHAUSTIVE_MS,
  );

  it('switches at 01:00 UTC on the last Sundays of March and October', () => {
    expect(warsawLocalToInstant('2025-03-30T01:59:59')).toBe(Date.parse('2025-03-30T00:59:59Z'));
    expect(warsawLocalToInstant('2025-03-30T03:00:00')).toBe(Date.parse('2025-03-30T01:00:00Z'));
    expect(warsawLocalToInstant('2025-10-26T01:59:59')).toBe(Date.parse('2025-10-25T23:59:59Z'));
    expect(warsawLocalToInstant('2025-10-26T03:00:00')).toBe(Date.parse('2025-10-26T02:00:00Z'));
    expect(warsawCalendarDate(Date.parse('2025-10-10T22:00:00Z'))).toEqual({
      year: 2025,
      month: 10,
      day: 11,
    });
  });

  it('shows an instant as Warsaw wall-clock date and time, the way ICU shows it, across both switches', () => {
    const differences: string[] = [];
    for (
      let instant = Date.UTC(2025, 0, 1, 0, 0, 7);
      instant < Date.UTC(2026, 0, 1);
      instant += HOUR_MS / 4
    ) {
      const expected = icuWallClock(instant).replace('T', ' ');
      if (formatWarsawDateTime(instant) !== expected) differences.push(`${instant}: ${expected}`);
    }
    expect(differences.slice(0, 5)).toEqual([]);
    expect(formatWarsawDateTime(Date.parse('2025-07-16T10:03:05Z'))).toBe('2025-07-16 12:03:05');
  });

  it('counts calendar days across month and year ends, leap days and the summer-time switch', () => {
    expect(isoDateAfter('2025-06-30', 1)).toBe('2025-07-01');
    expect(isoDateAfter('2025-12-31', 1)).toBe('2026-01-01');
    expect(isoDateAfter('2028-02-28', 1)).toBe('2028-02-29');
    expect(isoDateAfter('2025-03-29', 1)).toBe('2025-03-30');
    expect(isoDateAfter('2025-10-25', 6)).toBe('2025-10-31');
  });
});
