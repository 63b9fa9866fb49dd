import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { WinnersSection } from '#client/features/winners/winners-section.tsx';
import { WINNERS_REFETCH_INTERVAL_MS } from '#client/features/winners/winners-data.ts';
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
});
