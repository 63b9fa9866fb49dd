import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runOperator } from '../server/helpers/operator';
import { browserAvailable, openLanding, useServerAndBrowser } from './harness';

const NOT_FOUND = 'Twój kod nie został wylosowany';
const OPT_OUT = 'Czy chcesz zrezygnować z otrzymywania kodów promocyjnych na e-mail?';

/** Where focus is: the accessible name of the control in the open dialog, 'browser' once it left the page, else 'page'. */
function focusPlace(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!document.hasFocus()) return 'browser';
    if (active?.closest('dialog[open]')) return active.getAttribute('aria-label') ?? active.textContent;
    return `page: ${active?.outerHTML.slice(0, 80)}`;
  });
}

describe.runIf(browserAvailable())('modals on the native <dialog>, in Chromium', () => {
  const links: string[] = [];
  // Opt-out links issued by the operator's command before the server starts.
  const running = useServerAndBrowser({ CAMPAIGN_NOW: '2025-07-16T12:00:00+02:00' }, async (dataDir) => {
    for (const name of ['odrzuca', 'przeladowuje', 'rezygnuje']) {
      const { lines } = await runOperator(['issue-optout', `${name}@example.pl`], {
        dataDir,
        databaseUrl: undefined,
      });
      links.push(String(lines[0]!.link));
    }
  });
  const open = (pathAndQuery = '/') => openLanding(running, pathAndQuery);

  /** Opens the code checker's 'not drawn' modal from its 'Wyszukaj' button (no winners are imported). */
  async function openNotFound() {
    const page = await open('/#zwyciezcy');
    await page.getByPlaceholder('wprowadź kod promocyjny').fill('BRAKKODU123');
    await page.getByRole('button', { name: 'Wyszukaj' }).click();
    const dialog = page.getByRole('dialog', { name: NOT_FOUND });
    await dialog.waitFor();
    return { page, dialog };
  }

  it('focus moves in, Tab and Shift+Tab never reach the page behind, Escape closes and focus returns', async () => {
    const { page, dialog } = await openNotFound();
    expect(await focusPlace(page)).toBe('Zamknij');
    // Past the last control the browser may hand focus to its own controls (address bar), then back in.
    for (const key of ['Tab', 'Shift+Tab']) {
      const places = [];
      for (let i = 0; i < 4; i += 1) {
        await page.keyboard.press(key);
        places.push(await focusPlace(page));
      }
      expect(places.filter((place) => place?.startsWith('page'))).toEqual([]);
      expect(places).toEqual(expect.arrayContaining(['Zamknij', 'Sprawdź kolejny kod']));
    }
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Wyszukaj');
  });

  it('a click outside closes it where allowed, a click inside does not; focus returns to the opener', async () => {
    const { page, dialog } = await openNotFound();
    const box = (await dialog.boundingBox())!;
    await page.mouse.click(box.x + 8, box.y + box.height - 8);
    expect(await dialog.count()).toBe(1);
    await page.mouse.click(box.x - 10, box.y + box.height / 2);
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Wyszukaj');
  });

  it('the page behind is inert: its links sit under the backdrop and a click on them does nothing', async () => {
    // The opt-out modal refuses to close on a click outside (spec §2).
    const page = await open(links[0]);
    const dialog = page.getByRole('dialog', { name: OPT_OUT });
    await dialog.waitFor();
    const faq = page.locator('nav a[href="#faq"]');
    const link = (await faq.boundingBox())!;
    const [x, y] = [link.x + link.width / 2, link.y + link.height / 2];
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.tagName, [x, y])).toBe(
      'DIALOG',
    );
    await page.mouse.click(x, y);
    expect(await dialog.count()).toBe(1);
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await focusPlace(page)).not.toMatch(/^page/);
  });

  it("the opt-out link keeps its parameters until answered: a reload reopens the offer, 'Zamknij' declines it", async () => {
    const page = await open(links[1]);
    const dialog = page.getByRole('dialog', { name: OPT_OUT });
    await dialog.waitFor();
    expect(page.url()).toBe(running.server.url + links[1]);
    await page.reload();
    await dialog.waitFor();
    expect(page.url()).toBe(running.server.url + links[1]);
    await dialog.getByRole('button', { name: 'Zamknij' }).click();
    expect(await dialog.count()).toBe(0);
    await page.waitForURL(running.server.url + '/');
    await page.reload();
    await page.getByRole('heading', { name: 'Lista zwycięzców' }).waitFor();
    expect(await dialog.count()).toBe(0);
  });

  it('Escape declines the offer too; a failed resignation keeps the parameters', async () => {
    const page = await open(links[0]);
    const dialog = page.getByRole('dialog', { name: OPT_OUT });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    await page.waitForURL(running.server.url + '/');

    const unknown = '/?action=rezygnacja&hash=nieznany-skrot';
    await page.goto(running.server.url + unknown);
    await dialog.getByRole('button', { name: 'Rezygnuję' }).click();
    await dialog.getByText('Wystąpił błąd podczas rezygnacji').waitFor();
    expect(page.url()).toBe(running.server.url + unknown);
  });

  it('a resignation that succeeded takes the parameters away: a reload does not offer it again', async () => {
    const page = await open(links[2]);
    const dialog = page.getByRole('dialog', { name: OPT_OUT });
    await dialog.getByRole('button', { name: 'Rezygnuję' }).click();
    const done = page.getByRole('dialog', { name: 'Rezygnacja przyjęta' });
    await done.getByText(/zostanie zrealizowana w ciągu dwóch dni roboczych/).waitFor();
    await page.waitForURL(running.server.url + '/');
    expect(await done.count()).toBe(1);
    await page.reload();
    await page.getByRole('heading', { name: 'Lista zwycięzców' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
