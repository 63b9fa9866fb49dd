import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { WinnersSection } from '#client/features/winners/winners-section.tsx';
import { WINNERS_REFETCH_INTERVAL_MS } from '#client/features/winners/winners-data.ts';
import { RETRIES } from '#client/lib/live-data.ts';
import { pinCampaignNow, renderWithProviders, stubApi } from '../../helpers';

beforeAll(() => pinCampaignNow('2025-07-15T12:00:00+02:00'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('winners lists refresh (spec §4, §7)', () => {
  it('new winners appear without a reload after 5 minutes', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const api = {
      instant: {
        data: [{ date: '2025-07-15', code: 'FIRST000001', award: 'KASA_200', userPublish: 'Anna K.' }],
      },
    };
    const fetchMock = stubApi(api);
    renderWithProviders(<WinnersSection />);
    await screen.findByText('FIRST000001');
    api.instant.data.push({
      date: '2025-07-15',
      code: 'LATER000002',
      award: 'APARAT',
      userPublish: 'Jan K.',
    });

    await act(() => vi.advanceTimersByTimeAsync(WINNERS_REFETCH_INTERVAL_MS - 1_000));
    expect(screen.queryByText('LATER000002')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('LATER000002')).toBeTruthy();
    expect(WINNERS_REFETCH_INTERVAL_MS).toBe(300_000);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('publish-winners'))).toHaveLength(2);
  });

  it('refetches when the window regains focus', async () => {
    const fetchMock = stubApi({});
    renderWithProviders(<WinnersSection />);
    await screen.findByText('Dane zostaną uzupełnione po weryfikacji.');
    const calls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('publish-winners')).length;
    expect(calls()).toBe(1);
    await act(async () => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      window.dispatchEvent(new Event('visibilitychange'));
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await vi.waitFor(() => expect(calls()).toBe(2));
  });

  it('a failing list is tried again after 1, 2 and 4 s before the section says so; fresh data clears it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const api = { instant: { data: 'nope' as unknown } };
    const fetchMock = stubApi(api);
    const calls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('publish-winners')).length;
    renderWithProviders(<WinnersSection />, { retries: RETRIES });
    await vi.waitFor(() => expect(calls()).toBe(1));
    for (const delay of [1_000, 2_000, 4_000]) {
      expect(screen.getByText('Wczytywanie listy zwycięzców…')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(delay));
    }
    expect(await screen.findByText('Wystąpił błąd podczas pobierana danych')).toBeTruthy();
    expect(calls()).toBe(1 + RETRIES);

    api.instant.data = [
      { date: '2025-07-15', code: 'BACK0000001', award: 'KASA_200', userPublish: 'Anna K.' },
    ];
    await act(() => vi.advanceTimersByTimeAsync(WINNERS_REFETCH_INTERVAL_MS));
    expect(await screen.findByText('BACK0000001')).toBeTruthy();
    expect(screen.queryByText('Wystąpił błąd podczas pobierana danych')).toBeNull();
  });
});
