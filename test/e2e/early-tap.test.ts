import { describe, expect, it } from 'vitest';
import { browserAvailable, useServerAndBrowser } from './harness';

/** Fresh page loads, each tapped once: an early tap was lost 8 times in 10, so 20 leave no doubt. */
const LOADS = 20;

describe.runIf(browserAvailable())('a tap before hydration in Chromium', () => {
  // A day without a notice: no modal covers the page.
  const running = useServerAndBrowser({ CAMPAIGN_NOW: '2025-09-05T12:00:00+02:00' });

  it(`at 375 px the menu opens when tapped as soon as the page has loaded (${LOADS} loads)`, async () => {
    const context = await running.browser.newContext({
      viewport: { width: 375, height: 740 },
      locale: 'pl-PL',
      hasTouch: true,
      isMobile: true,
    });
    // Whether each tap reached the page before React had taken the button over (its fiber on the element):
    // recorded by the page itself as the click arrives, ahead of any listener of the app's.
    await context.addInitScript(() => {
      const taps: boolean[] = [];
      (window as unknown as { taps: boolean[] }).taps = taps;
      addEventListener(
        'click',
        (event) => {
          const target = event.target as Element;
          if (event.isTrusted && target.closest('.nav__toggle'))
            taps.push(
              !Object.keys(target.closest('.nav__toggle')!).some((key) => key.startsWith('__reactFiber$')),
            );
        },
        true,
      );
    });
    // A phone's slow network: the app's script (fetched after the load event, src/client/boot.ts) comes only
    // after the tap, as it can on a phone; on this machine it came before Playwright's tap could. Held until
    // the tap rather than for a fixed while: a second each load was 20 s of waiting.
    let tapped = Promise.resolve();
    let tap = () => {};
    await context.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await tapped;
      await route.continue();
    });
    const page = await context.newPage();
    const toggle = page.locator('.nav__toggle');
    let beforeHydration = 0;
    for (let load = 0; load < LOADS; load++) {
      tapped = new Promise((resolve) => (tap = resolve));
      await page.goto(running.server.url + '/', { waitUntil: 'load' });
      await toggle.tap();
      tap();
      const [taps] = await page.evaluate(() => (window as unknown as { taps: boolean[] }).taps);
      if (taps) beforeHydration++;
      await page.waitForFunction(
        () => document.querySelector('.nav__toggle')?.getAttribute('aria-expanded') === 'true',
        undefined,
        { timeout: 10_000 },
      );
      expect(
        await page
          .getByRole('navigation', { name: 'Menu główne' })
          .getByRole('link', { name: 'FAQ' })
          .isVisible(),
      ).toBe(true);
    }
    // The test proves something only if the taps came before hydration.
    expect(beforeHydration).toBe(LOADS);
    await context.close();
  });
});
