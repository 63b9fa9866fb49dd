import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { faqGroups } from '#client/features/faq/faq-content.ts';
import { texts } from '#shared/content/texts.ts';
import { texts as statementTexts } from '#shared/content/statement-texts.ts';
import { campaign, phaseAt, prizes } from '#shared/campaign.ts';
import {
  browserAvailable,
  newContext,
  PHONE_VIEWPORT,
  type RunningServer,
  useServerAndBrowser,
  waitForHydration,
} from './harness';

// docs/performance.md#rendering-on-the-server: pages come rendered from the server, read without JavaScript
// and hydrate without a mismatch.

/** Text as it stands in HTML: React escapes these five characters. */
const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const ROUTES = [
  '/',
  '/s',
  '/?action=resign&hash=nieznany',
  ...prizes.tiers.flatMap((tier) => [tier.path, `${tier.path}?hash=nieznany`]),
];

/** Console errors and warnings of a page, but the 404 of an unknown statement link's check (expected). */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (message.location().url.includes('/api/statement-link')) return;
    messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

async function openWithoutScript(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE_VIEWPORT });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

describe.runIf(browserAvailable())('pages rendered on the server', () => {
  // 1 September 2025: sales have ended, the banner says so.
  const running = useServerAndBrowser({ CAMPAIGN_NOW: '2025-09-01T12:00:00+02:00' });
  const phase = phaseAt(Date.parse('2025-09-01T10:00:00Z'))!;

  it("sends / with the rules', the FAQ's and the banner's texts in its HTML", async () => {
    const html = decode(await (await fetch(running.server.url)).text());
    expect(html).toContain(phase.banner);
    expect(html).toContain(texts.landing.pageTitle);
    for (const group of faqGroups) {
      expect(html).toContain(group.title);
      for (const item of group.items) {
        expect(html).toContain(item.title);
        if (item.content) expect(html).toContain(item.content);
      }
    }
    expect(html).toContain(texts.landing.rulesTitle);
    expect(html).toContain(campaign.contact.email);
  });

  it('reads in full without JavaScript: banner, hero, rules, poster, FAQ answers, contact, footer', async () => {
    const page = await openWithoutScript(running.browser, running.server.url);
    await expect.poll(() => page.getByText(phase.banner).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1, name: texts.landing.pageTitle }).isVisible()).toBe(
      true,
    );
    expect(await page.locator('#zasady ol li').first().isVisible()).toBe(true);
    const poster = page.locator('#wideo .video__facade');
    expect(await poster.isVisible()).toBe(true);
    expect(await poster.evaluate((facade) => getComputedStyle(facade).backgroundImage)).toContain(
      'data:image/svg',
    );
    for (const group of faqGroups) {
      for (const { id, content } of group.items) {
        if (content) expect(await page.getByText(content).first().isVisible(), id).toBe(true);
      }
    }
    expect(await page.locator('#kontakt').getByText(campaign.contact.email).first().isVisible()).toBe(true);
    expect(await page.locator('footer').isVisible()).toBe(true);
    // Every answer open, its tables too, and still no wider than the phone (a wider page is zoomed out).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_VIEWPORT.width);
    // The winners lists need JavaScript, and say so (Chromium, told by Playwright to run no script, still
    // parses <noscript> as a page with scripts would: its content is read here as text).
    expect(await page.locator('#zwyciezcy noscript').textContent()).toContain(texts.winners.noScript);
    await page.context().close();
  });

  it("shows a statement page's title, prize, instructions and warning without JavaScript", async () => {
    const tier = prizes.tiers.find((entry) => entry.id === 'III')!;
    const page = await openWithoutScript(running.browser, running.server.url + tier.path);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(tier.label);
    for (const text of [
      statementTexts.prizes[tier.id],
      statementTexts.instructionsTitle,
      statementTexts.warning,
    ]) {
      expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    expect(await page.locator('.statement noscript').textContent()).toContain(statementTexts.noScript);
    await page.context().close();
  });

  it('hydrates every route without a warning or an error in the console', async () => {
    for (const route of ROUTES) {
      const page = await (await newContext(running.browser)).newPage();
      const messages = watchConsole(page);
      await page.goto(running.server.url + route, { waitUntil: 'load' });
      await waitForHydration(page);
      await page.waitForTimeout(300);
      expect(messages, route).toEqual([]);
      await page.context().close();
    }
  });

  it('fetches nothing but the boot script before the first paint, the statement form with the app', async () => {
    const context = await newContext(running.browser);
    for (const route of ['/', prizes.tiers[0]!.path]) {
      const page = await context.newPage();
      await page.goto(running.server.url + route);
      await waitForHydration(page);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        files: performance
          .getEntriesByType('resource')
          .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(timing.paint).toBeGreaterThan(0);
      // Only the small boot script is asked for before the page has painted: the styles, pictures and icon
      // are in the page.
      const early = timing.files.filter((file) => file.start < timing.paint!);
      expect(early.map((file) => file.name)).toEqual([expect.stringMatching(/^\/assets\/boot-/)]);
      const scripts = timing.files.filter((file) => file.name.endsWith('.js'));
      if (route !== '/') {
        // The form's modules are named in the page and come with the entry, not after it has run.
        const entry = scripts.find((script) => /\/assets\/index-/.test(script.name))!;
        const form = scripts.find((script) => /\/assets\/statement-page-/.test(script.name))!;
        expect(Math.abs(form.start - entry.start)).toBeLessThan(50);
      }
      await page.close();
    }
    await context.close();
  });

  it("keeps the server's elements when it hydrates (no second render from scratch)", async () => {
    const context = await newContext(running.browser);
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the app's script until the server's HTML has been marked.
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The module script is deferred: the document does not finish loading while it is held.
    await page.goto(running.server.url, { waitUntil: 'commit' });
    await page.waitForSelector('main h1');
    await page.evaluate(() => {
      (document.querySelector('h1') as HTMLElement & { mark?: boolean }).mark = true;
    });
    release();
    await waitForHydration(page);
    expect(
      await page.evaluate(() => (document.querySelector('h1') as HTMLElement & { mark?: boolean }).mark),
    ).toBe(true);
    // The FAQ, all open in the server's HTML, is an accordion again.
    expect(await page.locator('.faq__group-panel:not([hidden])').count()).toBe(0);
    await context.close();
  });

  it("takes no input in the server's statement form before it hydrates, and all of it after", async () => {
    // docs/decisions/statement-page.md#no-input-before-hydration (found racing hydration in the engines'
    // test): a name typed into the server's form stayed on the screen while the form, once hydrated, still
    // listed it as missing and kept the button disabled.
    const page = await (await newContext(running.browser, PHONE_VIEWPORT)).newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(running.server.url + prizes.tiers.find((tier) => tier.id === 'VI')!.path, {
      waitUntil: 'commit',
    });
    const inputs = page.locator('.statement__form input');
    await inputs.first().waitFor();
    const enabled = () =>
      inputs.evaluateAll((all) => all.filter((input) => !(input as HTMLInputElement).disabled).length);
    expect(await enabled()).toBe(0);
    release();
    await waitForHydration(page);
    await expect.poll(enabled).toBe(await inputs.count());
    // What is typed now counts: one field fewer is missing.
    const missing = page.locator('.missing__link');
    const before = await missing.count();
    await page.locator('#root_firstName').fill('Jan');
    await expect.poll(() => missing.count()).toBe(before - 1);
    await page.context().close();
  });
});

describe.runIf(browserAvailable())("a device clock in another phase than the server's", () => {
  // The server goes by real time (the lottery is over); the phone's clock says it is July 2025.
  const running = useServerAndBrowser();

  async function bannerAfterHydration(server: RunningServer, browser: Browser) {
    const context = await newContext(browser);
    await context.clock.install({ time: new Date('2025-07-10T10:00:00Z') });
    const page = await context.newPage();
    const messages = watchConsole(page);
    await page.goto(server.url);
    await waitForHydration(page);
    const banner = await page.locator('.phase-banner__message').textContent();
    await context.close();
    return { banner, messages };
  }

  it("shows the server's phase, with no hydration mismatch", async () => {
    const { banner, messages } = await bannerAfterHydration(running.server, running.browser);
    expect(banner).toBe(phaseAt(Date.now())!.banner);
    expect(messages).toEqual([]);
  });
});
