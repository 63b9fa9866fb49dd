import { describe, expect, it } from 'vitest';
import {
  initialWinnersView,
  lotteryMonths,
  winnersReducer,
  type WinnersView,
} from '#client/features/winners/winners-view.ts';

// Lottery period (src/content/campaign.json): 2025-06-25 .. 2025-09-02.
const at = (iso: string) => Date.parse(iso);

describe('winners view state (spec §4 "Winners view")', () => {
  it('starts on the instant tab with today selected during the lottery (Warsaw date)', () => {
    // 23:30 UTC on 14 July is already 15 July in Warsaw.
    const view = initialWinnersView(at('2025-07-14T23:30:00Z'));
    expect(view).toMatchObject({ prizeType: 'instant', month: '725', day: 15, draw: null });
  });

  it('clamps today to the end date once the lottery is over', () => {
    expect(initialWinnersView(at('2025-11-20T12:00:00Z'))).toMatchObject({ month: '925', day: 2 });
  });

  it('selects the first day of the lottery before it has started (a day that can list winners)', () => {
    // 23:30 UTC on 24 June is already 25 June in Warsaw, the first day itself.
    for (const iso of ['2025-06-01T12:00:00Z', '2024-12-31T23:30:00Z', '2025-06-24T23:30:00Z']) {
      expect(initialWinnersView(at(iso))).toMatchObject({ prizeType: 'instant', month: '625', day: 25 });
    }
    // 21:59 UTC is still 24 June in Warsaw; switching back to instant chooses the same day.
    const before = at('2025-06-24T21:59:00Z');
    const view = winnersReducer(winnersReducer(initialWinnersView(before), { type: 'draw' }), {
      type: 'instant',
      nowMs: before,
    });
    expect(view).toMatchObject({ prizeType: 'instant', month: '625', day: 25 });
  });

  it('switching to draw clears month and day; back to instant clears the draw and selects today', () => {
    const now = at('2025-08-10T10:00:00Z');
    let view: WinnersView = initialWinnersView(now);
    view = winnersReducer(view, { type: 'draw' });
    expect(view).toMatchObject({ prizeType: 'draw', month: null, day: null });
    view = winnersReducer(view, { type: 'selectDraw', draw: 'Draw3' });
    expect(view.draw).toBe('Draw3');
    view = winnersReducer(view, { type: 'instant', nowMs: now });
    expect(view).toMatchObject({ prizeType: 'instant', draw: null, month: '825', day: 10 });
  });

  it('selecting a month picks its first day inside the lottery period', () => {
    let view = initialWinnersView(at('2025-08-10T10:00:00Z'));
    view = winnersReducer(view, { type: 'month', month: '625' });
    expect(view.day).toBe(25);
    view = winnersReducer(view, { type: 'month', month: '925' });
    expect(view.day).toBe(1);
    // A month with no lottery day selects none.
    view = winnersReducer(view, { type: 'month', month: '1025' });
    expect(view.day).toBeNull();
  });

  it('ignores a day outside the lottery period', () => {
    let view = winnersReducer(initialWinnersView(at('2025-06-26T10:00:00Z')), { type: 'day', day: 24 });
    expect(view.day).toBe(26);
    view = winnersReducer(view, { type: 'day', day: 30 });
    expect(view.day).toBe(30);
  });

  it('offers the months of the lottery with month-and-two-digit-year keys', () => {
    expect(lotteryMonths(initialWinnersView(at('2025-07-01T10:00:00Z')))).toEqual([
      '625',
      '725',
      '825',
      '925',
    ]);
  });
});
