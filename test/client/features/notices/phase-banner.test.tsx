import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PhaseBanner } from '#client/features/notices/phase-banner.tsx';

// The app gives the banner the page's instant (CAMPAIGN_NOW when the server pins it: lib/clock.ts).
function bannerAt(iso: string) {
  cleanup();
  render(<PhaseBanner nowMs={Date.parse(iso)} />);
  return screen.queryByRole('complementary', { name: 'Komunikat o przebiegu loterii' });
}

describe('campaign-phase banner (spec §4), with the clock pinned like CAMPAIGN_NOW', () => {
  it('before the start', () => {
    const banner = bannerAt('2025-06-25T06:29:59+02:00');
    expect(banner?.textContent).toBe('Rejestracja kodów promocyjnych będzie możliwa od godziny 6:30');
  });

  it('shows nothing while the sale is active, up to the end of the sale', () => {
    expect(bannerAt('2025-06-25T06:30:00+02:00')).toBeNull();
    expect(bannerAt('2025-08-31T23:54:00+02:00')).toBeNull();
  });

  it('sale ended', () => {
    const banner = bannerAt('2025-08-31T23:54:01+02:00');
    expect(banner?.textContent).toBe(
      'Zakończyliśmy sprzedaż produktów promocyjnych. Kody możesz zarejestrować do 2 września 2025 r.',
    );
  });

  it('registration ended: the message starts after a separate “Sprawdź:” label', () => {
    const banner = bannerAt('2025-09-03T00:00:01+02:00');
    expect(banner?.querySelector('.phase-banner__message')?.textContent).toBe(
      'Sprzedaż promocyjna oraz rejestracja kodów zostały zakończone. Zachowaj zarejestrowane kody promocyjne do 10 października 2025 r.',
    );
    expect(banner?.textContent).toMatch(/^Sprawdź: Sprzedaż promocyjna/);
  });

  it('lottery ended, in a visitor timezone that is not Warsaw (the instant decides)', () => {
    // 2025-10-10T22:00Z is already 11 October, 00:00 in Warsaw.
    const banner = bannerAt('2025-10-10T22:00:00Z');
    expect(banner?.textContent).toMatch(/^Loteria zakończyła się\. Dziękujemy .* gratulujemy/);
    expect(bannerAt('2025-10-10T21:59:59Z')?.textContent).toMatch(/^Sprawdź:/);
  });

  it('no banner before the first phase', () => {
    expect(bannerAt('2025-04-01T12:00:00+02:00')).toBeNull();
  });
});
