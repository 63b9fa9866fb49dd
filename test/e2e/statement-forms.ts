import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { runOperator } from '../server/helpers/operator';
import {
  gotoHydrated,
  launchBrowser,
  newContext,
  PHONE_VIEWPORT,
  type RunningServer,
  startServer,
} from './harness';

// The statement pages in Chromium against the real server: the winners, the set-up and the steps the tests
// of statement-forms.test.ts and statement-tiers.test.ts share. Each file starts a server of its own.

export const CODES = {
  III: 'E3C4D5E6F7G',
  VI_OFFLINE: 'K6L7M8N9P1Q',
  VI_ONLINE: 'E6R7S8T9U1V',
  III_TYPED: 'E9H8G7F6D5C',
  VI_NFC: 'E7N8F9C1Z2A',
  I: 'A1B2C3D4E5F',
  I_AXE: 'B2C3D4E5F6G',
};

// Tiers III and VI are claimed by the code and the contact it was registered with (docs/api.md#claims): the
// phone number every test of both files types.
export const PHONE = '600700800';

const winners = {
  instant: [
    { date: '2025-07-02', code: CODES.III, award: 'TELEFON', userPublish: 'Anna K., Kraków', phone: PHONE },
    {
      date: '2025-07-03',
      code: CODES.VI_OFFLINE,
      award: 'KASA_200',
      userPublish: 'Piotr N., Gdańsk',
      phone: PHONE,
    },
    {
      date: '2025-07-04',
      code: CODES.VI_ONLINE,
      award: 'KASA_200',
      userPublish: 'Ewa W., Łódź',
      phone: PHONE,
    },
    {
      date: '2025-07-06',
      code: CODES.III_TYPED,
      award: 'TELEFON',
      userPublish: 'Jan K., Radom',
      phone: PHONE,
    },
    {
      date: '2025-07-05',
      code: CODES.VI_NFC,
      award: 'KASA_200',
      userPublish: 'Zófia K., Opole',
      phone: PHONE,
    },
  ],
  draws: [
    { drawName: 'Draw1', price: 'AYGO', priceRank: 1, code: CODES.I, name: 'Jan K.', testimonialId: 't-1' },
    // a second link, still open when the first one's statement has arrived
    {
      drawName: 'Draw2',
      price: 'AYGO',
      priceRank: 1,
      code: CODES.I_AXE,
      name: 'Ola P.',
      testimonialId: 't-2',
    },
  ],
};

export const codeOf = (boxes: Element[]) => boxes.map((box) => (box as HTMLInputElement).value).join('');

/**
 * Called in a describe: before its tests, imports the winners into a new data directory, makes a coupon photo
 * and starts the server and Chromium; after them, stops both. Gives the pages' steps and, once started, the
 * server, the tier I links and the photo.
 */
export function statementFormsRun() {
  let server: RunningServer;
  let browser: Browser;
  let tierILink: string;
  let axeLink: string;
  let photoFile: string;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-e2e-statements-'));
    const file = path.join(dataDir, 'winners.json');
    fs.writeFileSync(file, JSON.stringify(winners));
    const imported = await runOperator(['import-winners', file], { dataDir, databaseUrl: undefined });
    expect(imported.exitCode).toBe(0);
    tierILink = String(imported.lines.find((line) => line.code === CODES.I)!.link);
    axeLink = String(imported.lines.find((line) => line.code === CODES.I_AXE)!.link);

    // A photo larger than 600x800: the browser must shrink it and send a PNG.
    const photo = new PNG({ width: 1200, height: 900 });
    photo.data.fill(180);
    photoFile = path.join(dataDir, 'kupon.png');
    fs.writeFileSync(photoFile, PNG.sync.write(photo));

    [server, browser] = await Promise.all([startServer({}, dataDir), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  async function open(pathAndQuery: string): Promise<Page> {
    const page = await (await newContext(browser, PHONE_VIEWPORT)).newPage();
    await gotoHydrated(page, server.url + pathAndQuery);
    return page;
  }

  async function typeCode(page: Page, code: string) {
    await page.getByLabel('Znak 1 z 11').click();
    await page.keyboard.type(code);
  }

  /** The labels the list under the submit button names (docs/decisions/statement-page.md#missing-list). */
  const missingEntries = (page: Page) => page.locator('.missing__link').allTextContents();

  async function fillPerson(page: Page) {
    await page.getByLabel(/^Imię/).fill('Jan');
    await page.getByLabel(/^Nazwisko/).fill('Kowalski');
    await page.getByLabel(/^Numer telefonu/).pressSequentially(PHONE);
    await page.getByLabel(/^Adres e-mail/).fill('jan.kowalski@example.pl');
  }

  async function fillAddress(page: Page) {
    await page.getByLabel(/^Miejscowość/).fill('Kraków');
    await page.getByLabel(/^Kod pocztowy/).pressSequentially('30001');
    await page.getByLabel(/^Ulica/).fill('Długa');
    await page.getByLabel(/^Numer domu/).fill('5');
  }

  async function acceptConsents(page: Page) {
    for (const checkbox of await page.locator('input[id^="root_consents_"]').all()) await checkbox.check();
  }

  /** Submits and returns the JSON body the browser sent, once the success modal shows. */
  async function submitAndConfirm(page: Page, endpoint: string): Promise<Record<string, unknown>> {
    const submit = page.getByRole('button', { name: 'Wyślij oświadczenie' });
    expect(await submit.isEnabled()).toBe(true);
    const [request] = await Promise.all([
      page.waitForRequest((candidate) => candidate.url().endsWith(`/api/${endpoint}`)),
      submit.click(),
    ]);
    const dialog = page.getByRole('dialog', { name: 'Dziękujemy za wypełnienie oświadczenia' });
    await dialog.waitFor();
    expect(
      await dialog
        .getByText('O statusie Twojego zgłoszenia poinformujemy Cię w osobnej wiadomości e-mail.')
        .count(),
    ).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Przejdź do strony głównej' }).getAttribute('href')).toBe(
      '/',
    );
    return request.postDataJSON() as Record<string, unknown>;
  }

  return {
    get server() {
      return server;
    },
    get tierILink() {
      return tierILink;
    },
    get axeLink() {
      return axeLink;
    },
    get photoFile() {
      return photoFile;
    },
    open,
    typeCode,
    missingEntries,
    fillPerson,
    fillAddress,
    acceptConsents,
    submitAndConfirm,
  };
}
