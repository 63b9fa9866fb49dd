import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { texts } from '#shared/content/texts.ts';
import { browserAvailable, gotoHydrated, useServerAndBrowser } from './harness';

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 800 };
/** The menu's hash links and the heading each must bring into view. */
const MENU_LINKS = [
  { name: 'Zwycięzcy', id: 'zwyciezcy', heading: 'Lista zwycięzców' },
  { name: 'Zasady', id: 'zasady', heading: 'Zasady loterii' },
  { name: 'FAQ', id: 'faq', heading: 'Najczęściej zadawane pytania' },
  { name: 'Kontakt', id: 'kontakt', heading: 'Kontakt' },
];

describe.runIf(browserAvailable())('hero headline and menu scrolling in Chromium', () => {
  // A day without a notice: no modal covers the page.
  const running = useServerAndBrowser({ CAMPAIGN_NOW: '2025-09-05T12:00:00+02:00' });

  async function open(viewport: { width: number; height: number }, reducedMotion?: 'reduce') {
    const context = await running.browser.newContext({ viewport, locale: 'pl-PL', reducedMotion });
    const page = await context.newPage();
    await gotoHydrated(page, running.server.url + '/');
    await page.waitForLoadState('networkidle');
    return page;
  }

  /** Where a text element sits, its font size, whether the element at its centre is itself (or inside it). */
  function placement(locator: Locator) {
    return locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const image = document.querySelector('.hero [role="img"]')!.getBoundingClientRect();
      return {
        inViewport: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
        onTop: hit !== null && element.contains(hit),
        overlapsImage:
          box.left < image.right &&
          image.left < box.right &&
          box.top < image.bottom &&
          image.top < box.bottom,
        fontSize: parseFloat(getComputedStyle(element).fontSize),
      };
    });
  }

  for (const width of [320, 390, 1280, 1920]) {
    it(`at ${width} px the headline and subtitle are real text, readable and not covered by the picture`, async () => {
      const page = await open({ width, height: width < 800 ? 740 : 1000 });
      const headline = page.getByRole('heading', { level: 1, name: texts.landing.pageTitle });
      const subtitle = page.locator('.hero').getByText(texts.hero.subtitle, { exact: true });
      expect(await headline.isVisible()).toBe(true);
      expect(await subtitle.isVisible()).toBe(true);
      const [title, sub] = [await placement(headline), await placement(subtitle)];
      expect(title).toMatchObject({ inViewport: true, onTop: true, overlapsImage: false });
      expect(sub).toMatchObject({ inViewport: true, onTop: true, overlapsImage: false });
      expect(sub.fontSize).toBeGreaterThanOrEqual(14);
      expect(title.fontSize).toBeGreaterThan(sub.fontSize);
      // The picture still speaks through its name, and the hero does not spill sideways.
      expect(await page.locator('.hero').getByRole('img').getAttribute('aria-label')).toMatch(
        /samochód.*smartfony/,
      );
      expect(await page.locator('.hero').evaluate((hero) => hero.scrollWidth <= innerWidth)).toBe(true);
      // Nor does any other part of the page (at 320 px the winners' tabs once pushed it to 362 px).
      await page.locator('#zwyciezcy [role="tablist"]').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  /** Starts at the top; from then on records every scroll position (read back by `settled`). */
  async function watchScroll(page: Page) {
    await page.evaluate(async () => {
      window.scrollTo({ top: 0, behavior: 'instant' });
      // The reset's own scroll event comes with the next frame: record only what follows it.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const positions: number[] = [];
      (window as unknown as { positions: number[] }).positions = positions;
      addEventListener('scroll', () => positions.push(scrollY));
    });
  }
  /** Waits until the page has scrolled and then not moved for 300 ms; returns the positions it went through. */
  function settled(page: Page) {
    return page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const positions = (window as unknown as { positions: number[] }).positions;
          let last = -1;
          let since = performance.now();
          const check = () => {
            if (scrollY !== last) [last, since] = [scrollY, performance.now()];
            if (performance.now() - since > 300 && positions.length > 0) resolve(positions);
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
  }

  /** The heading's top is at or below the sticky header's bottom, and the heading is inside the viewport. */
  function headingPlacement(heading: Locator) {
    return heading.evaluate((element) => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return { belowHeader: box.top >= header.bottom, inViewport: box.bottom <= innerHeight };
    });
  }

  async function chooseFromMenu(page: Page, name: string, burger: boolean) {
    const nav = page.getByRole('navigation', { name: 'Menu główne' });
    if (burger) await nav.getByRole('button', { name: 'Otwórz menu' }).click();
    await nav.getByRole('link', { name, exact: true }).click();
  }

  for (const [label, viewport, burger] of [
    ['on a phone, from the open ☰ menu', PHONE, true],
    ['on a 320 px phone, from the open ☰ menu', SMALL_PHONE, true],
    ['on a desktop', DESKTOP, false],
  ] as const) {
    it(`${label} every link lands smoothly with its section's heading below the header`, async () => {
      const page = await open(viewport);
      for (const link of MENU_LINKS) {
        await watchScroll(page);
        await chooseFromMenu(page, link.name, burger);
        const positions = await settled(page);
        const heading = page.locator(`#${link.id}`).getByRole('heading', { level: 2, name: link.heading });
        expect(await headingPlacement(heading), link.name).toEqual({
          belowHeader: true,
          inViewport: true,
        });
        expect(new Set(positions).size, `${link.name}: smooth`).toBeGreaterThan(2);
        expect(new URL(page.url()).hash).toBe(`#${link.id}`);
      }
      if (burger) {
        expect(
          await page
            .getByRole('navigation', { name: 'Menu główne' })
            .getByRole('link', { name: 'FAQ' })
            .isVisible(),
        ).toBe(false);
      }
    });
  }

  for (const viewport of [SMALL_PHONE, PHONE]) {
    it(`at ${viewport.width} px 'Weź udział' lands on the participation steps, also with the menu open`, async () => {
      const page = await open(viewport);
      const steps = page.locator('#wez-udzial');
      for (const menuOpen of [false, true]) {
        await watchScroll(page);
        if (menuOpen) await page.getByRole('button', { name: 'Otwórz menu' }).click();
        await page.getByRole('button', { name: 'Weź udział' }).click();
        await settled(page);
        // The steps' box and their first heading start below the header; the menu is closed.
        expect(await headingPlacement(steps), `menu open: ${menuOpen}`).toMatchObject({
          belowHeader: true,
        });
        expect(await headingPlacement(steps.getByRole('heading', { level: 3 }).first())).toEqual({
          belowHeader: true,
          inViewport: true,
        });
        expect(await page.getByRole('button', { name: 'Otwórz menu' }).isVisible()).toBe(true);
      }
    });
  }

  it('with reduced motion the menu jumps to the section at once', async () => {
    const page = await open(PHONE, 'reduce');
    for (const link of MENU_LINKS) {
      await watchScroll(page);
      await chooseFromMenu(page, link.name, true);
      // Read right after the click, without waiting for a scroll to settle.
      const heading = page.locator(`#${link.id}`).getByRole('heading', { level: 2, name: link.heading });
      expect(await headingPlacement(heading), link.name).toEqual({
        belowHeader: true,
        inViewport: true,
      });
      expect(new Set(await settled(page)).size, link.name).toBe(1);
    }
  });
});
