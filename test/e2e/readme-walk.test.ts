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
import type { TierId } from '#shared/campaign.ts';
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
// (SQLite, the embedded database the quick start uses) under the quick start's CAMPAIGN_NOW, given to the
// commands too, the development mailbox, the panel in Chromium with a passkey for each person. Step 3's N must
// find the WinTo! statement from the queue's first screen, whatever tier the page shows (issue 39). Every day
// the staff record is the lottery's (docs/decisions/server-house.md#two-clocks-chosen-per-use): the payout,
// the car's handover, a parcel and a carrier's file on 16 July 2025, taxed in July 2025 (issue 51).

const UNDO_WINDOW_MS = 3000;
const CAMPAIGN_NOW = '2025-07-16T12:00:00+02:00';
const TODAY = '2025-07-16';
const ME = 'ja@example.pl';
const COLLEAGUE = 'kolega@example.pl';
/** Step 6's third person: neither decided nor approved the prize, so pays it (docs/decisions/staff.md#role-pairs). */
const CASHIER = 'kasa@example.pl';
const REJECTION = reviewTexts.reasons.find((reason) => reason.key === 'unreadable-coupon')!;
const REVEAL_REASON = reviewTexts.revealReasons.find((reason) => reason.key === 'age')!.label;
const s = panelTexts.statement;
const issue = panelTexts.issue;

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

  let cashier: Page;
  /** `npm run operator -- …` with the server's CAMPAIGN_NOW, as the README says. */
  const operator = (args: string[]) => spawnOperator(args, where, { CAMPAIGN_NOW });
  const register = async (link: string) => {
    const { context, page } = await personWithAuthenticator(browser);
    contexts.push(context);
    await page.goto(new URL(link, origin).href);
    await page.getByRole('button', { name: panelTexts.invitation.button }).click();
    await page.getByRole('heading', { level: 1, name: panelTexts.overview.title }).waitFor();
    return page;
  };
  const sendStatement = async (tier: TierId, code: string, hash: string) => {
    const response = await fetch(`${server.url}/api/draw-complete-testimonial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validStatement(tier, code, hash)),
    });
    const answer = (await response.json()) as { reference: string };
    expect(response.status, JSON.stringify(answer)).toBe(201);
    return answer.reference;
  };
  const demoLines = () =>
    fs
      .readFileSync(path.join(where.dataDir, DEMO_LINKS_FILE), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { tier: string; code: string; link: string });
  /** Calls the panel from the page, as the panel itself does (its session cookie, its origin). */
  const panelCall = <T = unknown>(page: Page, method: string, url: string, body?: object) =>
    page.evaluate(
      async ([method, url, body]) => {
        const response = await fetch(`/panel/api/${url}`, {
          method,
          headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
        });
        return response.json();
      },
      [method, url, body] as const,
    ) as Promise<T>;
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
          CAMPAIGN_NOW,
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
    const invited = await operator(['staff-invite', ME, 'admin']);
    expect(invited.exitCode, invited.stderr).toBe(0);
    me = await register(String(invited.lines[0]!.link));

    // docs/decisions/staff.md#own-roles: nobody gives themself roles in the panel; the operator's shell does,
    // and an account with a passkey gets the role with no link.
    for (const role of ['reviewer', 'payout', 'auditor']) {
      const added = await operator(['staff-invite', ME, role]);
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
    const line = demoLines().find((one) => one.tier === 'WINTO')!;
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
    const listed = await operator(['mailbox']);
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

    const invited = await operator(['staff-invite', CASHIER, 'payout']);
    expect(invited.exitCode, invited.stderr).toBe(0);
    cashier = await register(String(invited.lines[0]!.link));
    await cashier.getByRole('link', { name: panelTexts.nav.payouts }).click();
    await cashier.getByRole('heading', { level: 1, name: panelTexts.payouts.title }).waitFor();
    await cashier
      .getByRole('checkbox', { name: fill(panelTexts.payouts.selectOne, { reference: reserveReference }) })
      .check();
    const [download] = await Promise.all([
      cashier.waitForEvent('download'),
      cashier.getByRole('button', { name: panelTexts.payouts.export }).click(),
    ]);
    // The payout file is dated on the lottery's day.
    expect(download.suggestedFilename()).toBe(`wyplaty-${TODAY}.csv`);
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
    const status = await operator(['issue-status']);
    expect(status.lines.find((line) => line.tier === 'WINTO')).toMatchObject({
      accepted: 1,
      issued: 1,
      toIssue: 0,
      late: 0,
    });
    const out = path.join(where.dataDir, 'rejestr.csv');
    const exported = await operator(['export-register', '--out', out]);
    expect(exported.lines).toEqual([{ out, entries: 1 }]);
    const [, first] = fs.readFileSync(out, 'utf8').split('\r\n');
    expect(first!.split(';').slice(0, 4)).toEqual(['1', '', reserveReference, 'WinTo!']);
    expect(first!.split(';')[15]).toBe(TODAY);
    // Paid on the lottery's day: its tax is July 2025's, due on 20 August 2025.
    const tax = await operator(['tax-report', '--year', '2025']);
    expect(tax.lines).toEqual([
      { month: '2025-07', prizes: 1, tax: 778, dueBy: '2025-08-20' },
      { year: 2025, prizes: 1, tax: 778 },
    ]);
  });

  it('step 8: on ‘Wydania’ the payout person hands the car over and sends a parcel on the lottery’s day; import-shipments records the carrier’s file once', async () => {
    // A car (tier I) and a smartwatch (IV) of the demo, accepted as in steps 3–6 (here through the panel's
    // calls: the browser's part of a decision is walked above).
    const accepted = new Map<TierId, string>();
    for (const tier of ['I', 'IV'] as const) {
      const line = demoLines().find((one) => one.tier === tier)!;
      const hash = new URL(line.link, origin).searchParams.get('hash')!;
      accepted.set(tier, await sendStatement(tier, line.code, hash));
    }
    const queue = await panelCall<{ items: { id: string; reference: string }[] }>(
      me,
      'GET',
      'review/queue?state=received',
    );
    for (const reference of accepted.values()) {
      const { id } = queue.items.find((item) => item.reference === reference)!;
      await panelCall(me, 'POST', `review/statements/${id}/take`);
      const decided = await panelCall<{ state: string }>(me, 'POST', `review/statements/${id}/decision`, {
        outcome: 'accept',
      });
      if (decided.state === 'awaiting-approval')
        await panelCall(colleague, 'POST', `review/statements/${id}/approval`, { outcome: 'confirm' });
    }
    await new Promise((resolve) => setTimeout(resolve, UNDO_WINDOW_MS + 500));

    await cashier.getByRole('link', { name: panelTexts.nav.issue }).click();
    await cashier.getByRole('heading', { level: 1, name: issue.title }).waitFor();
    // On 16 July 2025 nothing is late yet (the last issue day is 31 January 2026).
    await cashier
      .getByRole('heading', { level: 2, name: fill(issue.openHeading, { count: 2, late: 0 }) })
      .waitFor();
    // The car: 'Wydano' with the day the form starts with, the campaign's today.
    const car = accepted.get('I')!;
    await cashier.getByRole('button', { name: fill(issue.choose, { reference: car }) }).click();
    await cashier.getByRole('button', { name: issue.handedOver, exact: true }).click();
    await cashier
      .getByRole('status')
      .getByText(fill(issue.saved, { reference: car, state: issue.states['handed-over'] }))
      .waitFor();
    // The list has taken the car in (one prize left to issue) before the next form opens: a list that came
    // back later would redraw the page under it (a slow machine's full run failed so).
    await cashier
      .getByRole('heading', { level: 2, name: fill(issue.openHeading, { count: 1, late: 0 }) })
      .waitFor();
    // The parcel: 'Wysłano' with its carrier and number.
    const watch = accepted.get('IV')!;
    await cashier.getByRole('button', { name: fill(issue.choose, { reference: watch }) }).click();
    await cashier.getByRole('heading', { level: 3, name: new RegExp(watch) }).waitFor();
    await cashier.getByLabel(issue.carrier, { exact: true }).selectOption('InPost');
    await cashier.getByLabel(issue.tracking, { exact: true }).fill('620000111222333');
    expect(await cashier.getByLabel(issue.day, { exact: true }).inputValue()).toBe(TODAY);
    await cashier.getByRole('button', { name: issue.shipped, exact: true }).click();
    await cashier
      .getByRole('status')
      .getByText(fill(issue.saved, { reference: watch, state: issue.states.shipped }))
      .waitFor();

    // The carrier's report says it was delivered that day.
    const file = path.join(where.dataDir, 'przesylki.csv');
    fs.writeFileSync(
      file,
      `reference,carrier,tracking,shippedOn,deliveredOn\n${watch},InPost,620000111222333,${TODAY},${TODAY}\n`,
    );
    expect((await operator(['import-shipments', file])).lines).toEqual([{ imported: 1, mailed: 0 }]);
    expect((await operator(['import-shipments', file])).lines).toEqual([{ imported: 0, mailed: 0 }]);

    const status = await operator(['issue-status']);
    for (const tier of ['WINTO', 'I', 'IV'])
      expect(
        status.lines.find((line) => line.tier === tier),
        tier,
      ).toMatchObject({
        accepted: 1,
        issued: 1,
        toIssue: 0,
        late: 0,
      });
    const tax = await operator(['tax-report', '--year', '2025']);
    expect(tax.lines).toEqual([
      { month: '2025-07', prizes: 2, tax: 778 + 7989, dueBy: '2025-08-20' },
      { year: 2025, prizes: 2, tax: 778 + 7989 },
    ]);
  }, 90_000);
});
