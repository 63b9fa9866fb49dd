import { describe, expect, it } from 'vitest';
import {
  browserAvailable,
  DESKTOP_VIEWPORT,
  gotoHydrated,
  newContext,
  PHONE_VIEWPORT,
  useServerAndBrowser,
} from './harness';

describe.runIf(browserAvailable())('site shell in Chromium', () => {
  const running = useServerAndBrowser();

  async function open(path: string, viewport = DESKTOP_VIEWPORT) {
    const context = await newContext(running.browser, viewport);
    const page = await context.newPage();
    await gotoHydrated(page, running.server.url + path);
    return page;
  }

  it('redirects an unknown path to /', async () => {
    const page = await open('/cokolwiek');
    await page.waitForURL(running.server.url + '/');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('pl');
  });

  it('shows the nav and the floating link on / and /s', async () => {
    for (const path of ['/', '/s']) {
      const page = await open(path);
      await page.getByRole('navigation', { name: 'Menu główne' }).waitFor();
      expect(await page.getByRole('link', { name: 'Graj online' }).count()).toBe(1);
    }
  });

  it('on a phone the "Graj online" link covers no calendar day or FAQ toggle', async () => {
    const page = await open('/#zwyciezcy', PHONE_VIEWPORT);
    await page.locator('.calendar__day').first().waitFor();
    const targets = page.locator('.calendar__day, .faq__group-button');
    expect(await targets.count()).toBeGreaterThan(20);
    // Each one scrolled to the bottom of the screen, as a visitor scrolling down meets it: a tap on its
    // centre or near its lower edge reaches it, not the link to the operator's site.
    const covered = await targets.evaluateAll((elements) =>
      elements
        .filter((element) => {
          element.scrollIntoView({ block: 'end', behavior: 'instant' });
          const box = element.getBoundingClientRect();
          return [box.top + box.height / 2, box.bottom - 2].some(
            (y) => !element.contains(document.elementFromPoint(box.left + box.width / 2, y)),
          );
        })
        .map((element) => element.getAttribute('aria-label') ?? element.textContent),
    );
    expect(covered).toEqual([]);
    // and the link is still there, across the bottom of the screen
    const link = await page.getByRole('link', { name: 'Graj online' }).boundingBox();
    expect(link!.width).toBe(PHONE_VIEWPORT.width);
    expect(link!.y + link!.height).toBe(PHONE_VIEWPORT.height);
  });

  it("the header's brand is the lottery's name, and says it leads home", async () => {
    const page = await open('/');
    const brand = page.getByRole('link', { name: 'Wakacyjna Loteria — strona główna' });
    expect(await brand.textContent()).toBe('Wakacyjna Loteria');
    expect(await brand.getAttribute('href')).toBe('/');
  });

  it('hides the nav and the floating link on a statement path', async () => {
    const page = await open('/oswiadczenie-i-stopnia');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Menu główne' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Graj online' }).count()).toBe(0);
  });

  it('a hash link updates the hash, keeps the query and scrolls to its section', async () => {
    const page = await open('/?utm=x', { width: 1280, height: 400 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('link', { name: 'FAQ' }).click();
    // Smooth scrolling ends with the section under the sticky header (scroll-padding-top: 72px).
    await page.waitForFunction(() => {
      const top = document.getElementById('faq')!.getBoundingClientRect().top;
      return window.scrollY > 0 && top >= 0 && top <= 76;
    });
    const url = new URL(page.url());
    expect(url.hash).toBe('#faq');
    expect(url.search).toBe('?utm=x');
  });

  it('on a phone the hamburger toggles the menu', async () => {
    const page = await open('/', PHONE_VIEWPORT);
    const toggle = page.getByRole('button', { name: 'Otwórz menu' });
    const contact = page
      .getByRole('navigation', { name: 'Menu główne' })
      .getByRole('link', { name: 'Kontakt' });
    expect(await contact.isVisible()).toBe(false);
    await toggle.click();
    expect(await contact.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Zamknij menu' }).click();
    expect(await contact.isVisible()).toBe(false);
  });
});
