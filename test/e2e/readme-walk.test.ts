import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import panelTexts from '#content/panel.json';
import reviewTexts from '#content/review.json';
import statementTexts from '#content/statement.json';
import { fill } from '#shared/content/template.ts';
import { DEMO_RESERVE_EMAIL } from '#server/demo/dataset.ts';
import { DEMO_LINKS_FILE } from '#server/demo/demo.ts';
import { validStatement } from '../server/helpers/statement-fixtures';
import {
  browserAvailable,
  freePort,
  launchBrowser,
  newContext,
  type RunningServer,
  spawnOperator,
  startServer,
} from './harness';
import { mailTo, oneLine } from './mailbox';
import { expectAxeClean, personWithAuthenticator } from './panel-people';

// README.md "A prize claim from start to end", step by step, as a newcomer follows it: `npm start`'s demo data
// (SQLite, the embedded database the quick start uses), the development mailbox, the panel in Chromium with a
// passkey for each person. Step 3's N must find the WinTo! statement from the queue's first screen, whatever
// tier the page shows (issue 39).

const UNDO_WINDOW_MS = 3000;
const ME = 'ja@example.pl';
const COLLEAGUE = 'kolega@example.pl';
/** Step 6's third person: neither decided nor approved the prize, so pays it (docs/decisions/staff.md#role-pairs). */
const CASHIER = 'kasa@example.pl';
const REJECTION = reviewTexts.reasons.find((reason) => reason.key === 'unreadable-coupon')!;
const REVEAL_REASON = reviewTexts.revealReasons.find((reason) => reason.key === 'age')!.label;
const s = panelTexts.statement;

describe.skipIf(!browserAvailable())('the README’s prize claim from start to end, on the demo data', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let where: { dataDir: string; databaseUrl: undefined; statementsKey: Buffer };
  const contexts: BrowserContext[] = [];
  let me: Page;
  let colleague: Page;
  let winnerLink: string;
  let winnerReference: string;
  let reserveReference: string;

  const register = async (link: string) => {
    const { context, page } = await personWithAuthenticator(browser);
    contexts.push(context);
    await page.goto(new URL(link, origin).href);
    await page.getByRole('button', { name: panelTexts.invitation.button }).click();
    await page.getByRole('heading', { level: 1, name: panelTexts.overview.title }).waitFor();
    return page;
  };
  const sendStatement = async (tier: 'WINTO', code: string, hash: string) => {
    const response = await fetch(`${server.url}/api/draw-complete-testimonial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validStatement(tier, code, hash)),
    });
    const answer = (await response.json()) as { reference: string };
    expect(response.status, JSON.stringify(answer)).toBe(201);
    return answer.reference;
  };
  const openStatements = async (page: Page) => {
    await page.getByRole('link', { name: panelTexts.nav.review }).click();
    await page.getByRole('heading', { level: 1, name: panelTexts.review.title }).waitFor();
  };
  const heading = (page: Page, reference: string) =>
    page.getByRole('heading', { level: 1, name: fill(s.titleOf, { reference }) });

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-readme-'));
    const statementsKey = randomBytes(32);
    where = { dataDir, databaseUrl: undefined, statementsKey };
    const port = await freePort();
    origin = `http://localhost:${port}`;
    [server, browser] = await Promise.all([
      startServer(
        {
          PORT: String(port),
          PUBLIC_URL: origin,
          STATEMENTS_KEY: statementsKey.toString('hex'),
          DATABASE_URL: '',
          // The quick start's demo data, imported into the empty embedded database on start.
          DEMO: '1',
          UNDO_WINDOW_MS: String(UNDO_WINDOW_MS),
          SMTP_URL: '',
        },
        dataDir,
      ),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    if (where) fs.rmSync(where.dataDir, { recursive: true, force: true });
  });

  it('step 1: I invite myself as admin and add myself the other roles in the shell, log in again and invite a colleague as approver by mail', async () => {
    const invited = await spawnOperator(['staff-invite', ME, 'admin'], where);
    expect(invited.exitCode, invited.stderr).toBe(0);
    me = await register(String(invited.lines[0]!.link));

    // docs/decisions/staff.md#own-roles: nobody gives themself roles in the panel; the operator's shell does,
    // and an account with a passkey gets the role with no link.
    for (const role of ['reviewer', 'payout', 'auditor']) {
      const added = await spawnOperator(['staff-invite', ME, role], where);
      expect(added.lines, added.stderr).toEqual([{ email: ME, role }]);
    }
    // A change of roles ends the sessions: 'Zaloguj się kluczem dostępu' again, and the roles are there.
    await me.reload();
    await me.getByRole('button', { name: panelTexts.login.button }).click();
    await me.getByRole('heading', { level: 1, name: panelTexts.overview.title }).waitFor();
    await expect
      .poll(async () => (await me.locator('body').textContent()) ?? '')
      .toContain(panelTexts.roles.reviewer);

    await me.getByRole('link', { name: panelTexts.nav.team }).click();
    await me.getByLabel(panelTexts.team.email, { exact: true }).fill(COLLEAGUE);
    await me.getByLabel(panelTexts.team.role, { exact: true }).selectOption('approver');
    await me.getByRole('button', { name: panelTexts.team.invite, exact: true }).click();
    await me.getByText(/^Wysłaliśmy zaproszenie na adres kolega@example\.pl/).waitFor();
    const mail = await mailTo(where.dataDir, 'invitation', COLLEAGUE);
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]!.startsWith(`${origin}/panel/zaproszenie#`)).toBe(true);
    colleague = await register(links[0]!);
  }, 90_000);

  it('step 2: a WinTo! winner opens a demo link and sends the statement', async () => {
    const line = fs
      .readFileSync(path.join(where.dataDir, DEMO_LINKS_FILE), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { tier: string; code: string; link: string })
      .find((one) => one.tier === 'WINTO')!;
    winnerLink = line.link;
    const hash = new URL(line.link, origin).searchParams.get('hash')!;
    winnerReference = await sendStatement('WINTO', line.code, hash);
  });

  it('step 3: on ‘Oświadczenia’ I press N and get the statement; Pokaż with a reason, the photo, Odrzuć with a reason', async () => {
    await openStatements(me);
    await expectAxeClean(me);
    await me.keyboard.press(panelTexts.review.takeNextKey);
    await heading(me, winnerReference).waitFor();
    await me.getByRole('button', { name: fill(s.revealLabel, { label: reviewTexts.fields.pesel }) }).click();
    await me.getByLabel(s.revealReason).selectOption({ label: REVEAL_REASON });
    await me.getByRole('button', { name: s.revealSubmit }).click();
    await me.getByText(fill(s.revealed, { label: reviewTexts.fields.pesel })).waitFor();
    await me.getByRole('button', { name: s.photoShow }).click();
    await me.getByLabel(s.revealReason).selectOption({ index: 1 });
    await me.getByRole('button', { name: s.photoSubmit }).click();
    await me.getByRole('img', { name: fill(s.photoAlt, { reference: winnerReference }) }).waitFor();
    await me.getByRole('button', { name: s.reject, exact: true }).click();
    await me.getByLabel(s.reason, { exact: true }).selectOption({ label: REJECTION.label });
    await me.getByRole('button', { name: s.rejectSubmit }).click();
    await me.getByText(s.results.awaitingApproval).waitFor();
  }, 60_000);

  it('step 4: the colleague confirms it; after the window the verdict mail is in the mailbox and the winner’s link says why', async () => {
    await openStatements(colleague);
    await colleague.getByRole('link', { name: winnerReference, exact: true }).click();
    await heading(colleague, winnerReference).waitFor();
    await colleague.getByRole('button', { name: s.approve }).click();
    const undo = colleague.getByRole('button', { name: s.undo });
    await undo.waitFor();
    await undo.waitFor({ state: 'detached', timeout: UNDO_WINDOW_MS + 10_000 });

    // The only verdict so far, to the address the code was registered with, else the statement's: the
    // dispatcher delivers it a moment after the window, so it is waited for before the listing is read.
    const verdict = await mailTo(where.dataDir, 'verdict', undefined);
    expect(oneLine(verdict.text)).toContain(REJECTION.sentence);
    const listed = await spawnOperator(['mailbox'], where);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.lines.map((line) => line.kind)).toContain('verdict');

    const winner = await newContext(browser).then((context) => {
      contexts.push(context);
      return context.newPage();
    });
    await winner.goto(new URL(winnerLink, origin).href);
    await winner.getByRole('heading', { level: 1, name: statementTexts.linkRejectedTitle }).waitFor();
    await winner.getByText(REJECTION.sentence).waitFor();
  }, 60_000);

  it('step 5: the colleague passes the prize on; the reserve’s link mail is in the mailbox and its statement comes in', async () => {
    const pass = colleague.getByRole('button', { name: new RegExp(panelTexts.reserve.label.split('{')[0]!) });
    // The statement page updates itself once the window has passed: no reload.
    await pass.click();
    await colleague.getByRole('button', { name: panelTexts.reserve.yes }).click();
    const mail = await mailTo(where.dataDir, 'link', DEMO_RESERVE_EMAIL);
    const link = (mail.text.match(/https?:\/\/\S+/g) ?? [])[0]!;
    expect(link.startsWith(`${origin}/oswiadczenie-win-to?hash=`)).toBe(true);
    const hash = new URL(link).searchParams.get('hash')!;
    const claim = (await (await fetch(`${server.url}/api/statement-link?hash=${hash}`)).json()) as {
      code: string;
    };
    reserveReference = await sendStatement('WINTO', claim.code, hash);
  }, 60_000);

  it('step 6: I accept it, the colleague confirms; after the window ‘Wypłaty’ tells me another person pays it, and a payout person invited in a shell exports it and marks it paid; ‘Dziennik’ shows the looks', async () => {
    await openStatements(me);
    await me.keyboard.press(panelTexts.review.takeNextKey);
    await heading(me, reserveReference).waitFor();
    await me.getByRole('button', { name: s.accept }).click();
    await me.getByText(s.results.awaitingApproval).waitFor();

    await openStatements(colleague);
    await colleague.getByRole('link', { name: reserveReference, exact: true }).click();
    await heading(colleague, reserveReference).waitFor();
    await colleague.getByRole('button', { name: s.approve }).click();
    await colleague
      .getByRole('button', { name: s.undo })
      .waitFor({ state: 'detached', timeout: UNDO_WINDOW_MS + 10_000 });

    await me.getByRole('link', { name: panelTexts.nav.payouts }).click();
    await me.getByRole('heading', { level: 1, name: panelTexts.payouts.title }).waitFor();
    // The list is as of its loading: the window ends on the server's clock, a moment after the page's.
    const mine = me.getByRole('row').filter({ hasText: reserveReference });
    await expect
      .poll(
        async () => {
          if ((await mine.count()) > 0) return 1;
          await me.reload();
          await me.waitForLoadState('networkidle');
          return mine.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await mine.getByText(panelTexts.payouts.decidedByYou).waitFor();
    expect(await mine.getByRole('checkbox').count()).toBe(0);

    const invited = await spawnOperator(['staff-invite', CASHIER, 'payout'], where);
    expect(invited.exitCode, invited.stderr).toBe(0);
    const cashier = await register(String(invited.lines[0]!.link));
    await cashier.getByRole('link', { name: panelTexts.nav.payouts }).click();
    await cashier.getByRole('heading', { level: 1, name: panelTexts.payouts.title }).waitFor();
    await cashier
      .getByRole('checkbox', { name: fill(panelTexts.payouts.selectOne, { reference: reserveReference }) })
      .check();
    const [download] = await Promise.all([
      cashier.waitForEvent('download'),
      cashier.getByRole('button', { name: panelTexts.payouts.export }).click(),
    ]);
    const file = fs.readFileSync((await download.path())!, 'utf8');
    expect(file).toContain(reserveReference);
    await cashier.getByRole('button', { name: panelTexts.payouts.markPaid }).click();
    await cashier.getByRole('button', { name: panelTexts.payouts.markPaidYes }).click();
    await cashier.getByText(fill(panelTexts.payouts.paid, { paid: 1 })).waitFor();

    await me.getByRole('link', { name: panelTexts.nav.audit }).click();
    const table = me.getByRole('table', { name: panelTexts.audit.caption });
    await table.getByText(REVEAL_REASON).waitFor();
  }, 90_000);

  it('step 8: the prize is issued (its payout), issue-status counts it, and export-register writes it as the register’s first entry', async () => {
    const status = await spawnOperator(['issue-status'], where);
    expect(status.lines.find((line) => line.tier === 'WINTO')).toMatchObject({
      accepted: 1,
      issued: 1,
      toIssue: 0,
    });
    const out = path.join(where.dataDir, 'rejestr.csv');
    const exported = await spawnOperator(['export-register', '--out', out], where);
    expect(exported.lines).toEqual([{ out, entries: 1 }]);
    const [, first] = fs.readFileSync(out, 'utf8').split('\r\n');
    expect(first!.split(';').slice(0, 4)).toEqual(['1', '', reserveReference, 'WinTo!']);
    // Paid today: the tax is the year's, on Warsaw's calendar.
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Warsaw', year: 'numeric' }).format(new Date()),
    );
    const tax = await spawnOperator(['tax-report', '--year', String(year)], where);
    expect(tax.lines.at(-1)).toEqual({ year, prizes: 1, tax: 778 });
  });
});
