import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { runOperator } from '../server/helpers/operator';
import apiMessages from '#content/api-messages.json';
import statementTexts from '#content/statement.json';
import { VALID, validStatements } from '../fixtures/statements';
import {
  browserAvailable,
  gotoHydrated,
  launchBrowser,
  newContext,
  PHONE_VIEWPORT,
  type RunningServer,
  startServer,
} from './harness';

const CODES = {
  III: 'E3C4D5E6F7G',
  VI_OFFLINE: 'K6L7M8N9P1Q',
  VI_ONLINE: 'E6R7S8T9U1V',
  III_TYPED: 'E9H8G7F6D5C',
  VI_NFC: 'E7N8F9C1Z2A',
  I: 'A1B2C3D4E5F',
  I_AXE: 'B2C3D4E5F6G',
};

// Tiers III and VI are claimed by the code and the contact it was registered with (docs/api.md#claims): the
// phone number every test below types.
const PHONE = '600700800';

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

describe.runIf(browserAvailable())('statement forms in Chromium against the real server', () => {
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

  const codeOf = (boxes: Element[]) => boxes.map((box) => (box as HTMLInputElement).value).join('');

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

  it('lists what is missing under the submit button; each entry leads to its field', async () => {
    const page = await open('/oswiadczenie-iii-stopnia');
    const submit = page.getByRole('button', { name: 'Wyślij oświadczenie' });
    const initial = await missingEntries(page);
    expect(initial.slice(0, 3)).toEqual(['Kod promocyjny', 'Zdjęcie kuponu', 'Imię']);
    expect(initial).toContain('Akceptacja regulaminu');
    expect(await submit.isDisabled()).toBe(true);

    // An entry moves focus to its field, scrolled into view; the code to its first box.
    await page.getByRole('button', { name: 'Nazwisko', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_lastName');
    expect(await page.locator('#root_lastName').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Kod promocyjny', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_code');

    // It follows the form: filled fields leave it, a wrong value is marked, the count is told politely.
    await page.keyboard.type(CODES.III);
    await fillPerson(page);
    await expect.poll(() => missingEntries(page)).not.toContain('Imię');
    expect(await missingEntries(page)).not.toContain('Kod promocyjny');
    await page.getByLabel(/^PESEL/).fill('44051401358');
    await expect
      .poll(() => page.locator('.missing li', { hasText: 'PESEL' }).textContent())
      .toBe('PESEL (do poprawienia)');
    const remaining = (await missingEntries(page)).length;
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Do uzupełnienia' }).textContent())
      .toMatch(new RegExp(`zostało ${remaining} pól\\.$`));

    await page.getByLabel(/^PESEL/).fill(VALID.pesel);
    await fillAddress(page);
    await page.getByLabel(/^Numer dowodu osobistego/).fill(VALID.idCard);
    await acceptConsents(page);
    await page.locator('.missing').waitFor({ state: 'detached' });
    expect(await submit.isEnabled()).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Wszystkie pola' }).count()).toBe(1);
  });

  it('on a phone, a wrapped entry of the missing list keeps its bullet on its first line and stands apart', async () => {
    const page = await open('/oswiadczenie-iii-stopnia');
    const entries = await page.locator('.missing__list > li').evaluateAll((items) =>
      items.map((item) => {
        const button = item.querySelector('button')!;
        const range = document.createRange();
        range.selectNodeContents(button);
        const lines = [...range.getClientRects()];
        const bullet = item.querySelector('.missing__bullet')!.getBoundingClientRect();
        return {
          label: button.textContent,
          lines: new Set(lines.map((line) => Math.round(line.top))).size,
          bulletOffFirstLine: Math.abs(bullet.top - lines[0]!.top),
          textTop: lines[0]!.top,
          textBottom: lines[lines.length - 1]!.bottom,
        };
      }),
    );
    expect(entries.filter((entry) => entry.lines > 1).length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.bulletOffFirstLine, entry.label!).toBeLessThan(3);
    for (const [previous, next] of entries.slice(1).map((entry, index) => [entries[index]!, entry]))
      expect(next!.textTop - previous!.textBottom, next!.label!).toBeGreaterThanOrEqual(12);
  });

  it('tier III with an online code: no photo, PESEL and ID card', async () => {
    const page = await open('/oswiadczenie-iii-stopnia');
    await typeCode(page, CODES.III);
    expect(await page.locator('#root_file').count()).toBe(0);
    await fillPerson(page);
    await fillAddress(page);
    await page.getByLabel(/^PESEL/).fill(VALID.pesel);
    await page.getByLabel(/^Numer dowodu osobistego/).fill('aba300000');
    await acceptConsents(page);
    const body = await submitAndConfirm(page, 'complete-testimonial');
    const fixture = validStatements.find((candidate) => candidate.tier === 'III')!;
    expect(body).toEqual({ ...fixture.payload, code: CODES.III });
  });

  it('takes what a winner types as Polish phones do, and names code and contact when they do not match', async () => {
    const page = await open('/oswiadczenie-iii-stopnia');
    // a code typed in lower case is shown, and sent, in the capitals it is printed in
    await typeCode(page, CODES.III_TYPED.toLowerCase());
    expect(await page.locator('.code-boxes__box').evaluateAll(codeOf)).toBe(CODES.III_TYPED);
    await page.getByLabel(/^Imię/).fill('Jan');
    await page.getByLabel(/^Nazwisko/).fill('Kowalski');
    await fillAddress(page);
    const phone = page.getByLabel(/^Numer telefonu/);
    const email = page.getByLabel(/^Adres e-mail/);
    // next to both contacts: one of them is the one the code was registered with
    for (const field of [phone, email])
      expect(await field.evaluate((input) => input.getAttribute('aria-describedby'))).toMatch(/__help/);
    await expect
      .poll(() => page.locator('#root_phone__help').textContent())
      .toMatch(/musi być tym, z którym kod został zarejestrowany/);
    // a phone number with a contact the code was not registered with
    await phone.pressSequentially('+48 511 222 333');
    expect(await phone.inputValue()).toBe('511 222 333');
    await email.fill('ktos.inny@example.pl');
    await page.getByLabel('Nie posiadam numeru PESEL').check();
    const birthDate = page.getByLabel(/^Data urodzenia/);
    await birthDate.pressSequentially('14.05.1944');
    expect(await birthDate.inputValue()).toBe('1944-05-14');
    await page.getByLabel(/^Obywatelstwo/).fill('polskie');
    await page.getByLabel(/^Numer dowodu osobistego/).fill(VALID.idCard);
    await acceptConsents(page);
    await page.getByRole('button', { name: 'Wyślij oświadczenie' }).click();
    const error = page.getByRole('dialog', { name: 'Wystąpił błąd' });
    await expect.poll(() => error.textContent()).toMatch(/kodu.*e-mail.*numer telefonu/);
    expect(await error.textContent()).not.toMatch(/link/);
    await page.keyboard.press('Escape');

    // the phone the code was registered with, as autofill pastes it
    await phone.fill('+48600700800');
    expect(await phone.inputValue()).toBe('600 700 800');
    const body = await submitAndConfirm(page, 'complete-testimonial');
    expect(body).toMatchObject({ code: CODES.III_TYPED, phoneNumber: PHONE, birthDate: '1944-05-14' });
  });

  it('tier VI with an offline code: the serial number, no photo', async () => {
    const page = await open('/oswiadczenie-vi-stopnia');
    await typeCode(page, CODES.VI_OFFLINE);
    await page.getByLabel(/^Numer seryjny kuponu/).pressSequentially('1234567890123456789');
    await fillPerson(page);
    await page.getByLabel(/^Numer rachunku bankowego/).pressSequentially(VALID.account);
    await acceptConsents(page);
    const body = await submitAndConfirm(page, 'complete-testimonial');
    expect(body).toMatchObject({
      type: 'VI',
      codeType: 'OFFLINE',
      iban: VALID.iban,
      serialNumber: '1234567890123456789',
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'type',
        'code',
        'codeType',
        'name',
        'surName',
        'phoneNumber',
        'email',
        'lotteryRegulations',
        'authorizedPerson',
        'personalDataClause',
        'iban',
        'serialNumber',
      ].sort(),
    );
  });

  it('tier VI with an online code: no serial number', async () => {
    const page = await open('/oswiadczenie-vi-stopnia');
    await typeCode(page, CODES.VI_ONLINE);
    expect(await page.locator('#root_serialNumber').count()).toBe(0);
    await fillPerson(page);
    await page.getByLabel(/^Numer rachunku bankowego/).pressSequentially(VALID.account);
    await acceptConsents(page);
    const body = await submitAndConfirm(page, 'complete-testimonial');
    expect(body).toMatchObject({ type: 'VI', code: CODES.VI_ONLINE, codeType: 'ONLINE', serialNumber: null });
  });

  it('two letters in a name, the name sent in NFC, "=" in the e-mail taken by both sides', async () => {
    const page = await open('/oswiadczenie-vi-stopnia');
    await typeCode(page, CODES.VI_NFC);
    const firstName = page.getByLabel(/^Imię/);
    await firstName.fill('Ł.');
    await firstName.blur();
    await page.getByText('Pole musi zawierać co najmniej 2 litery.').waitFor();
    // "Zófia" as some phone keyboards type it: "o" and a combining acute accent
    await firstName.fill('Zo\u0301fia');
    await page.getByLabel(/^Nazwisko/).fill('Kowalski');
    await page.getByLabel(/^Numer telefonu/).pressSequentially(PHONE);
    await page.getByLabel(/^Adres e-mail/).fill('a=b@example.pl');
    await page.getByLabel(/^Numer rachunku bankowego/).pressSequentially(VALID.account);
    await acceptConsents(page);
    // the real server answers 201: it takes the NFC name and the address with "=" too
    const body = await submitAndConfirm(page, 'complete-testimonial');
    expect(body).toMatchObject({ code: CODES.VI_NFC, name: 'Zófia', email: 'a=b@example.pl' });
  });

  it('adults only: a minor’s PESEL or birth date is refused with the schemas’ message', async () => {
    const page = await open('/oswiadczenie-iii-stopnia');
    const pesel = page.getByLabel(/^PESEL/);
    // 17 years old on the last day of code registration (born 15 March 2008)
    await pesel.fill('08231504560');
    await pesel.blur();
    await page
      .getByText(
        'Loteria jest tylko dla osób pełnoletnich. Z numeru PESEL wynika, że w ostatnim dniu rejestracji kodów nie miałeś(-aś) ukończonych 18 lat.',
      )
      .waitFor();
    await page.getByLabel('Nie posiadam numeru PESEL').check();
    const birthDate = page.getByLabel(/^Data urodzenia/);
    const minor =
      'Loteria jest tylko dla osób pełnoletnich. W ostatnim dniu rejestracji kodów nie miałeś(-aś) ukończonych 18 lat.';
    // born a day after the boundary (18 only on 3 September 2025)
    await birthDate.pressSequentially('20070903');
    await birthDate.blur();
    await page.getByText(minor).waitFor();
    // 18 on 2 September 2025, the last day of code registration
    await birthDate.fill('');
    await birthDate.pressSequentially('20070902');
    await page.getByText(minor).waitFor({ state: 'detached' });
    expect(await birthDate.getAttribute('aria-invalid')).not.toBe('true');
  });

  it("a valid link opened on another tier's page goes to its own tier's page", async () => {
    const search = tierILink.slice(tierILink.indexOf('?'));
    const page = await open(`/oswiadczenie-ii-stopnia${search}`);
    await page.waitForURL((url) => url.pathname === '/oswiadczenie-i-stopnia');
    expect(new URL(page.url()).search).toBe(search);
    await expect.poll(() => page.locator('.code-boxes__box').evaluateAll(codeOf)).toBe(CODES.I);
  });

  it('tier I from the e-mailed link: photo shrunk to PNG, political block, hash sent', async () => {
    const page = await open(tierILink);
    // docs/decisions/statement-page.md#statement-link-check: the link is checked as the page opens; it knows
    // its code, filled in and locked.
    await expect.poll(() => page.locator('.code-boxes__box').evaluateAll(codeOf)).toBe(CODES.I);
    expect(await page.getByLabel('Znak 1 z 11').getAttribute('readonly')).not.toBeNull();
    // spec §4: without the photo the offline code is refused in the browser first.
    await fillPerson(page);
    await fillAddress(page);
    await page.getByLabel(/^Obywatelstwo/).fill('polskie');
    await page.getByLabel(/^Kraj urodzenia/).fill('Polska');
    await page.getByLabel('Nie posiadam numeru PESEL').check();
    await page.getByLabel(/^Data urodzenia/).pressSequentially('19900228');
    await page.getByLabel(/^Numer dowodu osobistego/).fill('ABA300000');
    // docs/decisions/field-rules.md#foreign-account: a pasted foreign account keeps its country letters and
    // is told it is not Polish.
    const account = page.getByLabel(/^Numer rachunku bankowego/);
    await account.fill('DE89 3704 0044 0532 0130 00');
    await account.blur();
    await page.getByText('Numer konta bankowego musi należeć do polskiego systemu bankowego').waitFor();
    await account.fill('');
    await account.pressSequentially(VALID.account);
    await acceptConsents(page);
    for (const question of ['root_answer_1-nie', 'root_answer_2-nie', 'root_answer_3-nie']) {
      await page.locator(`#${question}`).check();
    }
    await page.locator('#root_confirmed').check();
    // Only the photo is missing: the button is enabled (spec §4), the list still names it.
    expect(await missingEntries(page)).toEqual(['Zdjęcie kuponu']);
    await page.getByRole('button', { name: 'Wyślij oświadczenie' }).click();
    await page.getByText('Plik jest wymagany').waitFor();

    await page.locator('#root_file').setInputFiles(photoFile);
    await page.getByRole('img', { name: 'Podgląd zdjęcia kuponu' }).waitFor();
    const body = await submitAndConfirm(page, 'draw-complete-testimonial');
    expect(body).toMatchObject({
      type: 'I',
      code: CODES.I,
      codeType: 'OFFLINE',
      hash: new URL(server.url + tierILink).searchParams.get('hash'),
      pesel: null,
      birthDate: '1990-02-28',
      countryOfBirth: 'Polska',
      identityCardNumber: VALID.idCard,
      passportNumber: null,
      statementExposedPosition: {
        politicallyExposedPerson: false,
        familyPoliticallyExposedPerson: false,
        closeAssociatePoliticallyExposedPerson: false,
      },
      actualBeneficiary: true,
      iban: VALID.iban,
    });
    const png = PNG.sync.read(
      Buffer.from(String(body.image).replace('data:image/png;base64,', ''), 'base64'),
    );
    expect([png.width, png.height]).toEqual([600, 450]);

    // The link, opened again, says its statement arrived; an unknown one says what to do. The form shows
    // at once and gives way to the notice when the server's answer comes.
    const again = await open(tierILink);
    await again.getByRole('heading', { level: 1, name: 'Twoje oświadczenie już do nas dotarło' }).waitFor();
    const unknown = await open('/oswiadczenie-i-stopnia?hash=zmyslony-hash-1234567890');
    await unknown.getByRole('heading', { level: 1, name: 'Ten link do oświadczenia nie działa' }).waitFor();
    expect(await unknown.getByText(/napisz do nas na adres/).count()).toBe(1);
  });

  it('shows a server error split into paragraphs, and keeps the form as it was', async () => {
    const page = await open('/oswiadczenie-iii-stopnia');
    // The real server refuses a second statement for the same claim; its message is shown.
    await typeCode(page, CODES.III);
    await fillPerson(page);
    await fillAddress(page);
    await page.getByLabel(/^PESEL/).fill(VALID.pesel);
    await page.getByLabel(/^Numer dowodu osobistego/).fill(VALID.idCard);
    await acceptConsents(page);
    await page.getByRole('button', { name: 'Wyślij oświadczenie' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Wystąpił błąd' });
    await duplicate.waitFor();
    expect(await duplicate.locator('.modal__body p').allTextContents()).toEqual([
      apiMessages.statementDuplicate,
    ]);
    await page.keyboard.press('Escape');

    // A message listing several problems ("pole: komunikat; pole: komunikat") becomes one paragraph each.
    await page.route('**/api/complete-testimonial', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'pesel: Numer PESEL jest nieprawidłowy.; code: Kod: nie znaleziono',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Wyślij oświadczenie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wystąpił błąd' });
    await dialog.waitFor();
    expect(await dialog.locator('.modal__body p').allTextContents()).toEqual([
      'Numer PESEL jest nieprawidłowy.',
      'Kod: nie znaleziono',
    ]);
    await page.keyboard.press('Escape');
    expect(await page.getByLabel(/^Imię/).inputValue()).toBe('Jan');

    // docs/decisions/statement-page.md#no-answer: a dropped connection is told in Polish, and the data stays
    // to be sent again.
    await page.unroute('**/api/complete-testimonial');
    await page.route('**/api/complete-testimonial', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Wyślij oświadczenie' }).click();
    const lost = page.getByRole('dialog', { name: 'Wystąpił błąd' });
    await lost.waitFor();
    expect(await lost.locator('.modal__body p').allTextContents()).toEqual([statementTexts.connection.lost]);
    await page.keyboard.press('Escape');
    // A proxy's 504 page (no message of ours) is a server that did not answer in time.
    await page.unroute('**/api/complete-testimonial');
    await page.route('**/api/complete-testimonial', (route) =>
      route.fulfill({ status: 504, contentType: 'text/html', body: '<h1>504 Gateway Time-out</h1>' }),
    );
    await page.getByRole('button', { name: 'Wyślij oświadczenie' }).click();
    await lost.waitFor();
    expect(await lost.locator('.modal__body p').allTextContents()).toEqual([
      statementTexts.connection.timeout,
    ]);
    await page.keyboard.press('Escape');
    expect(await page.getByLabel(/^Imię/).inputValue()).toBe('Jan');
  });

  it('has no axe violations (WCAG 2.2 A/AA), with errors shown, and is usable from the keyboard alone', async () => {
    const page = await open(axeLink);
    await page.getByLabel(/^Imię/).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.getByText('Imię jest wymagane').count()).toBe(1);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      axe.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`,
      ),
    ).toEqual([]);

    // Keyboard only: a Tak/Nie answer with the arrow keys, a consent with the space bar.
    await page.locator('#root_answer_1').focus();
    await page.keyboard.press('Space');
    expect(await page.locator('#root_answer_1').isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('#root_answer_1-nie').isChecked()).toBe(true);
    await page.locator('#root_consents_rules').focus();
    await page.keyboard.press('Space');
    expect(await page.locator('#root_consents_rules').isChecked()).toBe(true);
  });
});
