import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import apiMessages from '#content/api-messages.json';
import statementTexts from '#content/statement.json';
import { VALID, validStatements } from '../fixtures/statements';
import { browserAvailable } from './harness';
import { CODES, codeOf, PHONE, statementFormsRun } from './statement-forms';

// Each tier's statement filled in and sent in Chromium to the real server, and how the page shows the
// server's refusals. The form's behaviour is in statement-forms.test.ts.

describe.runIf(browserAvailable())('statements of each tier sent in Chromium to the real server', () => {
  const forms = statementFormsRun();
  const { open, typeCode, missingEntries, fillPerson, fillAddress, acceptConsents, submitAndConfirm } = forms;

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

  it('tier I from the e-mailed link: photo shrunk to PNG, political block, hash sent', async () => {
    const page = await open(forms.tierILink);
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

    await page.locator('#root_file').setInputFiles(forms.photoFile);
    await page.getByRole('img', { name: 'Podgląd zdjęcia kuponu' }).waitFor();
    const body = await submitAndConfirm(page, 'draw-complete-testimonial');
    expect(body).toMatchObject({
      type: 'I',
      code: CODES.I,
      codeType: 'OFFLINE',
      hash: new URL(forms.server.url + forms.tierILink).searchParams.get('hash'),
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
    const again = await open(forms.tierILink);
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
});
