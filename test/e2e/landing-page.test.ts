import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import rulesContent from '#content/rules.json';
import { longPolishDate } from '#shared/content/polish-dates.ts';
import { texts } from '#shared/content/texts.ts';
import { campaign } from '#shared/campaign.ts';
import { browserAvailable, gotoHydrated, newContext, PHONE_VIEWPORT, useServerAndBrowser } from './harness';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
  );
}

describe.runIf(browserAvailable())('landing page in Chromium (no winners data needed)', () => {
  // 5 September 2025: registration has ended, the banner says so; the winners calendar is clamped to 2 September.
  const running = useServerAndBrowser({ CAMPAIGN_NOW: '2025-09-05T12:00:00+02:00' });

  async function open(path = '/', viewport?: typeof PHONE_VIEWPORT) {
    const context = await newContext(running.browser, viewport);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await gotoHydrated(page, running.server.url + path);
    return { page, requests };
  }

  it('shows the sections in anchor order and the phase banner of CAMPAIGN_NOW', async () => {
    const { page } = await open();
    const ids = await page.locator('main section[id]').evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual(['zasady', 'wideo', 'zwyciezcy', 'faq', 'kontakt']);
    const banner = page.getByRole('complementary', { name: 'Komunikat o przebiegu loterii' });
    expect(await banner.textContent()).toBe(
      'Sprawdź: Sprzedaż promocyjna oraz rejestracja kodów zostały zakończone. Zachowaj zarejestrowane kody promocyjne do 10 października 2025 r.',
    );
    // The calendar's "today" is clamped to the lottery's last day.
    expect(
      await page.getByRole('button', { name: '2 września 2025', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByRole('button', { name: '3 września 2025', exact: true }).isDisabled()).toBe(true);
  });

  it("rules: one numbered list per rules.json list, each with its steps, and the note's facts", async () => {
    const { page } = await open();
    const rules = page.locator('#zasady');
    expect(await rules.getByRole('heading', { level: 2 }).textContent()).toBe('Zasady loterii');
    expect(
      await rules.locator('ol').evaluateAll((lists) => lists.map((list) => list.children.length)),
    ).toEqual(rulesContent.lists.map((list) => list.steps.length));
    const text = await rules.textContent();
    expect(text).toContain(`${campaign.statementDeadlineDays} dni kalendarzowych`);
    expect(text).toContain(`do ${longPolishDate(campaign.keepCodesUntil)}`);
  });

  it('hero and WinTo! pictures link to the loyalty programme in a new tab, named, shown, fetched with the page', async () => {
    const { page } = await open();
    expect(await page.locator('main a[href="https://www.winto.pl/"]:has([role="img"])').count()).toBe(2);
    const pictures = [
      [page.locator('.hero'), /samochód.*smartfony/],
      [page.locator('#zasady'), texts.hero.wintoAlt],
    ] as const;
    for (const [section, name] of pictures) {
      const link = section.getByRole('link', { name });
      expect(await link.getAttribute('target')).toBe('_blank');
      // The picture is the stylesheet's, which the page carries: sized, drawn, and no request of its own.
      const picture = link.getByRole('img');
      const box = (await picture.boundingBox())!;
      expect(box.width).toBeGreaterThan(100);
      expect(box.height).toBeGreaterThan(50);
      expect(await picture.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(
        /^url\("data:image\/svg\+xml/,
      );
    }
  });

  it('contact: e-mail, call centre hours and the postal note with the lottery name in capitals', async () => {
    const { page } = await open();
    const contact = page.locator('#kontakt');
    expect(
      await contact.getByRole('link', { name: 'kontakt@wakacyjna-loteria.pl' }).getAttribute('href'),
    ).toBe('mailto:kontakt@wakacyjna-loteria.pl');
    const text = await contact.textContent();
    expect(text).toContain('w dni robocze w godz. 8:00–18:00');
    expect(text).toContain('„WAKACYJNA LOTERIA”');
  });

  it('the video loads nothing from the video host until play is clicked', async () => {
    const { page, requests } = await open();
    await page.waitForLoadState('networkidle');
    const videoHost = new URL('https://www.youtube-nocookie.com').host;
    expect(requests.filter((url) => url.includes(videoHost))).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('button', { name: /^Odtwórz film/ }).click();
    await page.locator('iframe').waitFor({ state: 'attached' });
    expect(await page.locator('iframe').getAttribute('src')).toContain(videoHost);
  });

  it('loads no form-engine code on the landing page', async () => {
    const { page, requests } = await open();
    await page.waitForLoadState('networkidle');
    const scripts = requests.filter((url) => url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /statement|tier-/.test(url))).toEqual([]);
    for (const url of scripts) {
      const body = await (await fetch(url)).text();
      expect(body).not.toMatch(/rjsf/i);
    }
  });

  it('FAQ: keyboard opens one group at a time; axe finds nothing with a group and an answer open', async () => {
    const { page } = await open('/#faq');
    const first = page.getByRole('button', { name: 'Warunki uczestnictwa' });
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const prizes = page.getByRole('button', { name: 'Nagrody', exact: true });
    expect(await prizes.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Jakie nagrody można wygrać?' }).click();
    await page.getByRole('columnheader', { name: 'Liczba nagród' }).waitFor();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    // Back on the group header: Home jumps to the first one, Enter swaps the open group.
    await prizes.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await prizes.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('columnheader', { name: 'Liczba nagród' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Jak wziąć udział w loterii?' }).click();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('axe finds nothing on the landing page, on the draw tab, and with the not-found modal open', async () => {
    const { page } = await open();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Losowania' }).click();
    await page.getByRole('button', { name: /Losowanie 1/ }).click();
    await page.getByText('Dane zostaną uzupełnione po weryfikacji.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByPlaceholder('wprowadź kod promocyjny').fill('NIEMATAKIEG');
    await page.getByRole('button', { name: 'Wyszukaj' }).click();
    await page.getByRole('dialog', { name: 'Twój kod nie został wylosowany' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on a phone the FAQ table fits the screen: the page does not widen when its answer opens', async () => {
    const { page } = await open('/#faq', PHONE_VIEWPORT);
    await page.getByRole('button', { name: 'Nagrody', exact: true }).click();
    await page.getByRole('button', { name: 'Jakie nagrody można wygrać?' }).click();
    await page.getByRole('columnheader', { name: 'Liczba nagród' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_VIEWPORT.width);
  });

  it('axe finds nothing on a phone, with the menu open', async () => {
    const { page } = await open('/', PHONE_VIEWPORT);
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    expect(await axeViolations(page)).toEqual([]);
  });
});
