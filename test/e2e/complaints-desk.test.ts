import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import complaintTexts from '#content/complaints.json';
import panelTexts from '#content/panel.json';
import { fill } from '#shared/content/template.ts';
import { validComplaint } from '../server/complaints/complaint-fixtures';
import {
  browserAvailable,
  freePort,
  launchBrowser,
  type RunningServer,
  spawnOperator,
  startServer,
} from './harness';
import { mailTo, oneLine } from './mailbox';
import { expectAxeClean, personWithAuthenticator } from './panel-people';

// docs/decisions/complaints.md#desk: the complaints committee's desk in Chromium, by keyboard alone once
// signed in: the list by deadline, a complaint opened, rejected with a reason, its answer previewed and sent;
// the answer arrives in the development mailbox (DATA_DIR/mail). axe finds nothing on each screen. The real
// server process on SQLite, on the campaign's 5 February 2026.

const t = panelTexts.complaints;
const p = t.page;
const REASON = complaintTexts.reasons.rejected.find((reason) => reason.key === 'rules-followed')!;
const LETTER = validComplaint({ name: 'Jan', surName: 'Nowak', email: 'jan.nowak@example.com' });

/** Presses Tab until the element has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 80; press += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

describe.skipIf(!browserAvailable())('the complaints desk in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let page: Page;
  let formReference: string;
  let letterReference: string;
  const where = () => ({ dataDir: server.dataDir, databaseUrl: undefined });

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-complaints-'));
    const port = await freePort();
    // PUBLIC_URL is the server's own origin: the panel's passkeys are for it.
    origin = `http://localhost:${port}`;
    [server, browser] = await Promise.all([
      startServer(
        { PORT: String(port), PUBLIC_URL: origin, SMTP_URL: '', CAMPAIGN_NOW: '2026-02-05T10:00:00+01:00' },
        dataDir,
      ),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('a complaint by the form and one by post arrive; a committee member signs in with a passkey', async () => {
    const response = await fetch(`${server.url}/api/complaints`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validComplaint()),
    });
    expect(response.status).toBe(201);
    formReference = ((await response.json()) as { reference: string }).reference;
    const file = path.join(server.dataDir, 'list.json');
    fs.writeFileSync(file, JSON.stringify(LETTER));
    const added = await spawnOperator(['complaint-add', '--received', '2026-01-20', file], where(), {
      CAMPAIGN_NOW: '2026-02-05T10:00:00+01:00',
    });
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.lines[0]).toMatchObject({ deadline: '2026-02-10', late: false });
    letterReference = String(added.lines[0]!.reference);

    const invited = await spawnOperator(['staff-invite', 'komisja@example.pl', 'complaints'], where());
    expect(invited.exitCode, invited.stderr).toBe(0);
    ({ page } = await personWithAuthenticator(browser));
    await page.goto(origin + String(invited.lines[0]!.link));
    await page.getByRole('button', { name: panelTexts.invitation.button }).click();
    await page.getByRole('heading', { level: 1, name: panelTexts.overview.title }).waitFor();
    await page.getByText(fill(panelTexts.overview.complaints, { open: 2, overdue: 0 })).waitFor();
    await expectAxeClean(page);
  });

  it('lists them by deadline, with the days left (keyboard from here on)', async () => {
    await tabTo(page, page.getByRole('link', { name: panelTexts.nav.complaints, exact: true }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    const rows = page.getByRole('table', { name: t.listCaption }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect((await rows.allInnerTexts()).map((row) => row.split('\t').map((cell) => cell.trim()))).toEqual([
      [letterReference, t.channels.post, '2026-01-20', '2026-02-10', '5', t.states.open],
      [formReference, t.channels.form, '2026-02-05', '2026-02-26', '21', t.states.open],
    ]);
    await expectAxeClean(page);
  });

  it('opens the one by post, rejects it with a reason and previews the answer', async () => {
    await tabTo(page, page.getByRole('link', { name: letterReference, exact: true }));
    await page.keyboard.press('Enter');
    await page
      .getByRole('heading', { level: 1, name: fill(p.title, { reference: letterReference }) })
      .waitFor();
    await page.getByText(LETTER.demand).waitFor();
    await expectAxeClean(page);

    // The radio group takes the focus on its chosen option ('Uznaj'); an arrow chooses the next.
    await tabTo(page, page.getByRole('radio', { name: p.upheld, exact: true }));
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: p.rejected, exact: true }).isChecked()).toBe(true);
    const reason = page.getByLabel(p.reason, { exact: true });
    await tabTo(page, reason);
    const keys = complaintTexts.reasons.rejected.findIndex((one) => one.key === REASON.key) + 1;
    for (let press = 0; press < keys; press += 1) await page.keyboard.press('ArrowDown');
    expect(await reason.inputValue()).toBe(REASON.key);
    await tabTo(page, page.getByRole('button', { name: p.rejected, exact: true }));
    await page.keyboard.press('Enter');
    await page.getByText(p.decided).waitFor();
    const preview = page.getByRole('region', { name: p.preview });
    await preview.waitFor();
    expect(oneLine(await preview.innerText())).toContain(oneLine(REASON.sentence));
    await expectAxeClean(page);
  });

  it('sends the answer: it arrives in the mailbox, and the page says it went in time', async () => {
    await tabTo(page, page.getByRole('button', { name: p.send, exact: true }));
    await page.keyboard.press('Enter');
    await page.getByText(p.sent).waitFor();
    const mail = await mailTo(server.dataDir, 'complaint-answer', LETTER.email);
    expect(mail.subject).toContain(letterReference);
    expect(oneLine(mail.text)).toContain(oneLine(REASON.sentence));
    // Nothing the person wrote goes back.
    expect(mail.text).not.toContain(LETTER.demand);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByRole('region', { name: p.answer }).innerText({ timeout: 5_000 });
        },
        { timeout: 20_000 },
      )
      .toContain(p.onTime);
    await expectAxeClean(page);
  });
});
