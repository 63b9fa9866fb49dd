import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import {
  browserAvailable,
  launchBrowser,
  newContext,
  openLanding,
  OPERATOR_BUNDLE,
  PHONE_VIEWPORT,
  startServer,
  useServerAndBrowser,
} from './harness';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const winnersFile = {
  instant: [
    // a tier VI prize: claimed with the contact the code was registered with, which is never published
    {
      date: '2025-07-16',
      code: 'K7Q2M9X4B1Z',
      award: 'KASA_200',
      userPublish: 'Anna K., Kraków',
      email: 'anna.k@example.pl',
    },
    { date: '2025-07-16', code: 'Z3Z3Z3Z3Z3Z', award: 'ZEGAREK', userPublish: 'Piotr W., Gdańsk' },
    { date: '2025-07-15', code: 'A1A1A1A1A1A', award: 'APARAT', userPublish: 'Ewa N., Łódź' },
  ],
  draws: [
    {
      drawName: 'Draw2',
      price: 'AYGO',
      priceRank: 3,
      code: 'DRAW2THIRD1',
      name: 'Jan K.',
      testimonialId: 't3',
    },
    {
      drawName: 'Draw2',
      price: 'WINTO',
      priceRank: 1,
      code: 'DRAW2FIRST1',
      name: 'Ola P.',
      testimonialId: 't1',
    },
    {
      drawName: 'Draw2',
      price: 'AYGO',
      priceRank: 2,
      code: 'K7Q2M9X4B1Z',
      name: 'Anna K.',
      testimonialId: 't2',
    },
    {
      drawName: 'Draw8',
      price: 'AYGO',
      priceRank: 1,
      code: 'DRAW8EXTRA1',
      name: 'Ukryty Z.',
      testimonialId: 't8',
    },
  ],
};

/** The operator's command (docs/api.md#operator-commands), on the server's database, before the server starts. */
function operator(dataDir: string, ...args: string[]): string {
  return execFileSync(process.execPath, [OPERATOR_BUNDLE, ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
  );
}

async function tableRows(page: Page, name: string) {
  return page
    .getByRole('table', { name })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...(row as HTMLTableRowElement).cells].map((cell) => cell.innerText.replace(/\s+/g, ' ').trim()),
      ),
    );
}

describe.runIf(browserAvailable())('landing page with imported winners, in Chromium', () => {
  let optOutLink = '';
  // 00:30 on 16 July in Warsaw is still 15 July on the browser's clock (America/New_York): Warsaw decides.
  const running = useServerAndBrowser({ CAMPAIGN_NOW: '2025-07-16T00:30:00+02:00' }, async (dataDir) => {
    const file = path.join(dataDir, 'winners.json');
    fs.writeFileSync(file, JSON.stringify(winnersFile));
    operator(dataDir, 'import-winners', file);
    optOutLink = (JSON.parse(operator(dataDir, 'issue-optout', 'ktos@example.pl').trim()) as { link: string })
      .link;
  });
  const open = (pathAndQuery = '/') => openLanding(running, pathAndQuery);

  async function search(page: Page, code: string) {
    await page.getByPlaceholder('wprowadź kod promocyjny').fill(code);
    await page.getByRole('button', { name: 'Wyszukaj' }).click();
  }

  it('a calendar day shows its winners; today (Warsaw) is selected at first', async () => {
    const page = await open('/#zwyciezcy');
    const today = page.getByRole('button', { name: '16 lipca 2025', exact: true });
    expect(await today.getAttribute('aria-pressed')).toBe('true');
    await page.getByText('K7Q2M9X4B1Z').waitFor();
    expect(await tableRows(page, 'Nagrody natychmiastowe')).toEqual([
      ['Nagroda dzienna 200 zł', 'K7Q2M9X4B1Z Anna K., Kraków'],
      ['Nagroda dzienna Smartwatch', 'Z3Z3Z3Z3Z3Z Piotr W., Gdańsk'],
    ]);
    await page.getByRole('button', { name: '15 lipca 2025', exact: true }).click();
    expect(await tableRows(page, 'Nagrody natychmiastowe')).toEqual([
      ['Nagroda dzienna Aparat do zdjęć natychmiastowych', 'A1A1A1A1A1A Ewa N., Łódź'],
    ]);
    await page.getByRole('button', { name: '14 lipca 2025', exact: true }).click();
    await page.getByText('Dane zostaną uzupełnione po weryfikacji.').waitFor();
    await page.getByRole('combobox', { name: 'Miesiąc' }).selectOption({ label: 'czerwiec 2025' });
    expect(await page.getByRole('button', { name: '25 czerwca 2025' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByRole('button', { name: '24 czerwca 2025' }).isDisabled()).toBe(true);
  });

  it('a draw shows its winners in priceRank order; the additional draw shows no names or labels', async () => {
    // The lists load as the winners section comes near (src/client/lib/when-near-viewport.ts).
    const page = await open('/#zwyciezcy');
    await page.getByRole('tab', { name: 'Losowania' }).click();
    await page.getByText('Wybierz losowanie, aby zobaczyć nagrody.').waitFor();
    await page.getByRole('button', { name: /Losowanie 2\s*16\.07\.2025/ }).click();
    await page.getByRole('heading', { name: 'Losowania z dnia 16.07.2025' }).waitFor();
    expect(await page.getByText('Zgłoszenia zarejestrowane od 5.07.2025 do 14.07.2025').count()).toBe(1);
    await page.getByRole('table', { name: 'Losowanie 2' }).waitFor();
    expect(await tableRows(page, 'Losowanie 2')).toEqual([
      ['WinTo! 7 000 zł', 'DRAW2FIRST1 Ola P.'],
      ['Nagroda główna Samochód osobowy', 'K7Q2M9X4B1Z Anna K.'],
      ['Nagroda główna Samochód osobowy', 'DRAW2THIRD1 Jan K.'],
    ]);
    await page.getByRole('button', { name: /Losowanie dodatkowe/ }).click();
    await page.getByRole('table', { name: 'Losowanie dodatkowe' }).waitFor();
    expect(await tableRows(page, 'Losowanie dodatkowe')).toEqual([['Samochód osobowy', 'DRAW8EXTRA1']]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a found code lists its prizes; a code-claimed one links to its form with the code in navigation state', async () => {
    // The lists load as the winners section comes near (src/client/lib/when-near-viewport.ts).
    const page = await open('/#zwyciezcy');
    await page.getByText('K7Q2M9X4B1Z').first().waitFor();
    await search(page, 'K7Q2M9X4B1Z');
    const dialog = page.getByRole('dialog', { name: 'Twoje nagrody' });
    await dialog.waitFor();
    expect(
      await dialog.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/oswiadczenie-vi-stopnia']);
    await dialog.getByText(/Osobisty link do oświadczenia wysłaliśmy Ci/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Focus is trapped in the dialog: past its last control a native modal lends focus to the browser's own
    // controls (the address bar), never to the page behind.
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => !document.hasFocus() || !!document.activeElement?.closest('dialog')),
      ).toBe(true);
    }
    await dialog.getByRole('link', { name: /200 zł/ }).click();
    await page.waitForURL(running.server.url + '/oswiadczenie-vi-stopnia');
    expect(await page.evaluate(() => (history.state as { usr?: { code?: string } }).usr?.code)).toBe(
      'K7Q2M9X4B1Z',
    );
    // The statement form (another feature) shows the code prefilled and locked.
    const boxes = page.locator('.code-boxes__box');
    await boxes.first().waitFor();
    const state = await boxes.evaluateAll((inputs) =>
      inputs.map(
        (input) => [(input as HTMLInputElement).value, (input as HTMLInputElement).readOnly] as const,
      ),
    );
    expect(state.map(([value]) => value).join('')).toBe('K7Q2M9X4B1Z');
    expect(state.every(([, readOnly]) => readOnly)).toBe(true);
  });

  it('a code not found opens the not-found modal; its button closes it and focus returns', async () => {
    // The lists load as the winners section comes near (src/client/lib/when-near-viewport.ts).
    const page = await open('/#zwyciezcy');
    await page.getByText('K7Q2M9X4B1Z').first().waitFor();
    // docs/decisions/landing.md#code-checker-input: what is typed in lower case is shown, and searched, in
    // capitals
    await page.getByPlaceholder('wprowadź kod promocyjny').pressSequentially('k7q2m9x4b1y');
    expect(await page.getByPlaceholder('wprowadź kod promocyjny').inputValue()).toBe('K7Q2M9X4B1Y');
    await page.getByRole('button', { name: 'Wyszukaj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Twój kod nie został wylosowany' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sprawdź kolejny kod' }).click();
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Wyszukaj');
    // Whitespace only does nothing.
    await search(page, '   ');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('the opt-out link resigns: the hash leaves the address bar once answered, the button confirms once', async () => {
    const page = await open(optOutLink);
    const dialog = page.getByRole('dialog', {
      name: 'Czy chcesz zrezygnować z otrzymywania kodów promocyjnych na e-mail?',
    });
    await dialog.waitFor();
    // docs/decisions/landing.md#opt-out-modal: until the visitor answers, the link stays (a reload offers
    // again).
    expect(page.url()).toBe(running.server.url + optOutLink);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Rezygnuję' }).click();
    // docs/decisions/landing.md#opt-out-modal: answered, the modal says so instead of asking again above a
    // greyed button
    const done = page.getByRole('dialog', { name: 'Rezygnacja przyjęta' });
    await done.getByText(/zostanie zrealizowana w ciągu dwóch dni roboczych/).waitFor();
    await page.waitForURL(running.server.url + '/');
    expect(await done.getByRole('button', { name: 'Rezygnuję' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await done.getByRole('button', { name: 'Wróć do strony' }).click();
    expect(await done.count()).toBe(0);
    // a reload does not offer again what was answered
    await page.reload();
    await page.locator('#zwyciezcy').waitFor();
    expect(await dialog.count()).toBe(0);
  });

  it('an unknown opt-out hash shows the failure text; a click outside does not close the modal', async () => {
    const page = await open('/?action=rezygnacja&hash=nieznany-skrot');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Rezygnuję' }).click();
    await dialog.getByText('Wystąpił błąd podczas rezygnacji').waitFor();
    await page.mouse.click(5, 5);
    expect(await dialog.count()).toBe(1);
  });
});

// docs/decisions/claims.md#demo-data: `npm start` on a fresh machine (empty DATA_DIR, demo data on) shows
// winners on the calendar's default day once the lottery has begun, and the code checker finds a code from
// that list. docs/decisions/landing.md#published-by-campaign-day: before it began, nobody has won yet — the
// demo publishes no day after the campaign clock's today.
describe.runIf(browserAvailable())('a first start with the demo data, in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    { clock: 'after the lottery', now: '2025-11-20T12:00:00+01:00', day: '2 września 2025' },
    // docs/decisions/landing.md#published-by-campaign-day: the next day's winners are not published before
    // that day
    {
      clock: 'during the lottery',
      now: '2025-07-16T10:00:00+02:00',
      day: '16 lipca 2025',
      tomorrow: '17 lipca 2025',
    },
  ])(
    '$clock, the default day lists winners and the checker finds one of them',
    async ({ now, day, tomorrow }) => {
      const server = await startServer({ DEMO: '1', CAMPAIGN_NOW: now });
      try {
        const page = await (await newContext(browser, PHONE_VIEWPORT)).newPage();
        await page.goto(`${server.url}/#zwyciezcy`);
        const table = page.getByRole('table', { name: 'Nagrody natychmiastowe' });
        await table.waitFor();
        expect(await page.getByRole('button', { name: day, exact: true }).getAttribute('aria-pressed')).toBe(
          'true',
        );
        expect(await page.getByText('Dane zostaną uzupełnione po weryfikacji.').count()).toBe(0);
        // docs/decisions/landing.md#a-days-winners: the day's count is told, and 'Pokaż wszystkich' puts
        // every row in the page itself.
        const count = Number(
          /Liczba zwycięzców: (\d+)/.exec(await page.locator('.winners__count').innerText())![1],
        );
        // spec §9: 70 daily prizes, and the week's prizes on some days
        expect(count).toBeGreaterThanOrEqual(70);
        expect((await tableRows(page, 'Nagrody natychmiastowe')).length).toBeLessThan(count);
        await page.getByRole('button', { name: `Pokaż wszystkich (${count})` }).click();
        const rows = await tableRows(page, 'Nagrody natychmiastowe');
        expect(rows.length).toBe(count);
        const last = table.getByRole('row').last();
        await last.scrollIntoViewIfNeeded();
        expect(await last.isVisible()).toBe(true);
        // no box between the table and the page scrolls on its own (where a phone would hide rows)
        const innerScroller = await table.evaluate((element) => {
          for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
            const { overflowY } = getComputedStyle(box);
            if (/auto|scroll/.test(overflowY) && box.scrollHeight > box.clientHeight) return box.className;
          }
          return null;
        });
        expect(innerScroller).toBeNull();
        expect(rows.map(([award]) => award)).toContain('Nagroda dzienna Smartwatch');

        const [, winner] = rows[rows.length - 1]!;
        const code = winner!.split(' ')[0]!;
        expect(code).toMatch(/^E?DEMO[A-Z0-9]+$/);
        await page.getByPlaceholder('wprowadź kod promocyjny').fill(code);
        await page.getByRole('button', { name: 'Wyszukaj' }).click();
        const dialog = page.getByRole('dialog', { name: 'Twoje nagrody' });
        await dialog.waitFor();
        expect(await dialog.innerText()).toContain(code);
        if (tomorrow) {
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: tomorrow, exact: true }).click();
          await page.getByText('Dane zostaną uzupełnione po weryfikacji.').waitFor();
        }
      } finally {
        await server.stop();
      }
    },
  );

  it('before the lottery, the default first day has no winners yet', async () => {
    const server = await startServer({ DEMO: '1', CAMPAIGN_NOW: '2025-06-01T12:00:00+02:00' });
    try {
      const page = await (await newContext(browser)).newPage();
      await page.goto(`${server.url}/#zwyciezcy`);
      await page.getByText('Dane zostaną uzupełnione po weryfikacji.').waitFor();
      expect(
        await page.getByRole('button', { name: '25 czerwca 2025', exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
    } finally {
      await server.stop();
    }
  });
});
