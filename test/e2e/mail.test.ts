import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fill } from '#shared/content/template.ts';
import mailTexts from '#content/mail.json';
import statementTexts from '#content/statement.json';
import { VALID } from '../fixtures/statements';
import { startTestSmtp, type Received, type TestSmtp } from '../server/helpers/smtp';
import {
  browserAvailable,
  freePort,
  gotoHydrated,
  launchBrowser,
  newContext,
  PHONE_VIEWPORT,
  type RunningServer,
  spawnOperator,
  startServer,
} from './harness';

// The path end to end (docs/decisions/mail.md): the operator imports a winner, the server's
// dispatcher mails the statement link over SMTP, the winner opens it in Chromium and sends the statement,
// the modal shows its reference, and the `received` mail with that reference goes to the winners file's
// address. Nothing in between is mocked: the real server process, the operator's own process, a real SMTP
// server in process.

// The day after Draw1 (8 July 2025): the deadline is six days after the link's day.
const CAMPAIGN_NOW = '2025-07-09T10:00:00+02:00';
const DEADLINE = '15 lipca 2025 r.';
const CODE = 'C0000000001';
/** The address the code was registered with: the link and the confirmation go there. */
const WINNER_EMAIL = 'laureatka.auta@example.com';

const winners = {
  draws: [
    {
      drawName: 'Draw1',
      price: 'AYGO',
      priceRank: 1,
      code: CODE,
      name: 'Anna K.',
      testimonialId: 't-mail-1',
      email: WINNER_EMAIL,
    },
  ],
};

/** What the winner types into the form: none of it may come back in a mail. */
const TYPED = {
  firstName: 'Bożena',
  lastName: 'Wiśniewska',
  phone: '512345678',
  email: 'bozena.formularz@example.pl',
  city: 'Szczebrzeszyn',
  zipCode: '22460',
  street: 'Chrząszczowa',
  house: '7',
  pesel: VALID.pesel,
  idCard: VALID.idCard,
  account: VALID.account,
};

/** Forms a typed value may take in a mail: as typed, without spaces, grouped as the site shows it. */
const TYPED_VALUES = [
  TYPED.firstName,
  TYPED.lastName,
  TYPED.phone,
  '512 345 678',
  TYPED.email,
  TYPED.city,
  TYPED.street,
  '22-460',
  TYPED.pesel,
  TYPED.idCard,
  TYPED.account,
  VALID.iban,
  VALID.iban.slice(2),
];

const REFERENCE = /^[2-9A-HJ-NP-TV-Z]{4}-[2-9A-HJ-NP-TV-Z]{4}$/;

/** Everything a mail program shows or keeps of a message: headers, subject, both parts. */
function shownText(mail: Received): string {
  const headers = [...mail.parsed.headers.values()].map((value) => JSON.stringify(value));
  return [mail.parsed.subject ?? '', mail.parsed.text ?? '', mail.parsed.html || '', ...headers].join('\n');
}

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );

describe.runIf(browserAvailable())('mail end to end: import, link mail, statement, received mail', () => {
  let smtp: TestSmtp;
  let server: RunningServer;
  let browser: Browser;
  let photoFile: string;

  beforeAll(async () => {
    // PUBLIC_URL is the server's own origin, so the mailed link opens this server: its port chosen first.
    const port = String(await freePort());
    [smtp, browser] = await Promise.all([startTestSmtp(), launchBrowser()]);
    server = await startServer({
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      CAMPAIGN_NOW,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
    if (photoFile) fs.rmSync(path.dirname(photoFile), { recursive: true, force: true });
  });

  it('runs from the import to the received mail with the reference the modal shows', async () => {
    // The operator imports the winners file into the running server's DATA_DIR, in a process of its own,
    // with the same campaign clock (the link mail is due at the import's campaign time). The server wrote
    // its key file there: the command needs no STATEMENTS_KEY.
    const file = path.join(server.dataDir, 'winners.json');
    fs.writeFileSync(file, JSON.stringify(winners));
    const imported = await spawnOperator(
      ['import-winners', file],
      { dataDir: server.dataDir, databaseUrl: undefined },
      { CAMPAIGN_NOW },
    );
    expect(imported.exitCode, imported.stderr).toBe(0);
    const importedLink = String(imported.lines.find((line) => line.code === CODE)?.link);
    expect(importedLink).toMatch(/^\/oswiadczenie-i-stopnia\?hash=[^&\s]+$/);

    // The link mail: to the winners file's address, the link in the plain text and the same in the HTML.
    const [linkMail] = await smtp.waitFor(1, 20_000);
    expect(linkMail!.kind).toBe('link');
    expect(linkMail!.to).toBe(WINNER_EMAIL);
    expect(linkMail!.messageId).toMatch(/^<[0-9a-f-]{36}@example\.pl>$/);
    const textLinks = (linkMail!.parsed.text ?? '').match(/https?:\/\/\S+/g) ?? [];
    expect(textLinks).toEqual([`${server.url}${importedLink}`]);
    const link = textLinks[0]!;
    const hrefs = [...String(linkMail!.parsed.html).matchAll(/href="([^"]*)"/g)].map(([, href]) =>
      decodeEntities(href!),
    );
    expect(hrefs).toEqual([link]);
    expect(linkMail!.parsed.text).toContain(CODE);
    expect(linkMail!.parsed.text).toContain(DEADLINE);

    // The winner opens it and sends the tier I statement as a person does.
    const page = await (await newContext(browser, PHONE_VIEWPORT)).newPage();
    await gotoHydrated(page, link);
    await expect
      .poll(() =>
        page
          .locator('.code-boxes__box')
          .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value).join('')),
      )
      .toBe(CODE);
    await fillTierI(page);
    photoFile = writePhoto();
    await page.locator('#root_file').setInputFiles(photoFile);
    await page.getByRole('img', { name: statementTexts.photo.preview }).waitFor();

    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/api/draw-complete-testimonial')),
      page.getByRole('button', { name: 'Wyślij oświadczenie' }).click(),
    ]);
    expect(response.status()).toBe(201);
    const answer = (await response.json()) as { status: string; reference: string };
    expect(answer.status).toBe('ok');
    expect(answer.reference).toMatch(REFERENCE);

    // The modal shows the reference under the success text.
    const dialog = page.getByRole('dialog', { name: statementTexts.successTitle });
    await dialog.waitFor();
    const shown = await dialog.locator('.statement__reference-number').textContent();
    expect(shown).toBe(answer.reference);
    expect(await dialog.textContent()).toContain(
      fill(statementTexts.successReference, { reference: answer.reference }),
    );

    // The received mail: the same reference, to the winners file's address (not the statement's), and
    // nothing the winner typed.
    const mails = await smtp.waitFor(2, 20_000);
    const received = mails[1]!;
    expect(mails.map((mail) => mail.kind)).toEqual(['link', 'received']);
    expect(received.to).toBe(WINNER_EMAIL);
    expect(received.parsed.to).toMatchObject({ value: [{ address: WINNER_EMAIL }] });
    expect(received.messageId).toMatch(/^<[0-9a-f-]{36}@example\.pl>$/);
    expect(received.messageId).not.toBe(linkMail!.messageId);
    expect(received.parsed.subject).toContain(shown!);
    expect(received.parsed.text).toContain(fill(mailTexts.received.details[0]!, { reference: shown! }));
    expect(received.parsed.html).toContain(shown!);
    const everything = shownText(received);
    for (const value of TYPED_VALUES) expect(everything, value).not.toContain(value);
    expect(everything.toLowerCase()).not.toContain(TYPED.idCard.toLowerCase());
    // Nor does it carry the statement link: the claim is done.
    expect(everything).not.toContain(link);

    // The server's log says both were sent, and names no address, no link and nothing typed.
    await expect.poll(() => server.logs.filter((line) => line.includes('"msg":"mail sent"')).length).toBe(2);
    const logs = server.logs.join('\n');
    for (const value of [WINNER_EMAIL, new URL(link).searchParams.get('hash')!, ...TYPED_VALUES])
      expect(logs, value).not.toContain(value);
  });
});

async function fillTierI(page: Page) {
  await page.getByLabel(/^Imię/).fill(TYPED.firstName);
  await page.getByLabel(/^Nazwisko/).fill(TYPED.lastName);
  await page.getByLabel(/^Numer telefonu/).pressSequentially(TYPED.phone);
  await page.getByLabel(/^Adres e-mail/).fill(TYPED.email);
  await page.getByLabel(/^Miejscowość/).fill(TYPED.city);
  await page.getByLabel(/^Kod pocztowy/).pressSequentially(TYPED.zipCode);
  await page.getByLabel(/^Ulica/).fill(TYPED.street);
  await page.getByLabel(/^Numer domu/).fill(TYPED.house);
  await page.getByLabel(/^Obywatelstwo/).fill('polskie');
  await page.getByLabel(/^Kraj urodzenia/).fill('Polska');
  await page.getByLabel(/^PESEL/).fill(TYPED.pesel);
  await page.getByLabel(/^Numer dowodu osobistego/).fill(TYPED.idCard);
  await page.getByLabel(/^Numer rachunku bankowego/).pressSequentially(TYPED.account);
  for (const checkbox of await page.locator('input[id^="root_consents_"]').all()) await checkbox.check();
  for (const question of ['root_answer_1-nie', 'root_answer_2-nie', 'root_answer_3-nie'])
    await page.locator(`#${question}`).check();
  await page.locator('#root_confirmed').check();
}

/** A coupon photo (tier I's code is offline): a small PNG in a folder of its own. */
function writePhoto(): string {
  const photo = new PNG({ width: 800, height: 600 });
  photo.data.fill(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-e2e-mail-')), 'kupon.png');
  fs.writeFileSync(file, PNG.sync.write(photo));
  return file;
}
