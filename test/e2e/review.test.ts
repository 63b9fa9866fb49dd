import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import panelTexts from '#content/panel.json';
import reviewTexts from '#content/review.json';
import staffMessages from '#content/staff-messages.json';
import statementTexts from '#content/statement.json';
import { fill } from '#shared/content/template.ts';
import { validStatement } from '../server/helpers/statement-fixtures';
import { storageTargets } from '../server/helpers/storage-targets';
import { browserAvailable, gotoHydrated, newContext, spawnOperator, useStaffServer } from './harness';
import { mailTo, oneLine, readMailbox } from './mailbox';
import { expectAxeClean } from './panel-people';
import {
  focused,
  INTERNAL_NOTE,
  PHOTO_REASON,
  REJECTION,
  RESERVE,
  RESERVE_SENT,
  reviewSteps,
  REVEAL_REASON,
  SENT,
  UNDO_LEFT,
  UNDO_WINDOW_MS,
  WINNER,
  winnersFile,
} from './review-story';

// docs/decisions/review.md: a prize claim carried to its end, as the organiser's staff and the winners see it.
// A WinTo! winner's statement is rejected by a reviewer and confirmed by an approver; the verdict mail goes
// after the undo window and the winner's page says why; the prize passes to the reserve entry, whose mailed
// link opens the form; the reserve's statement is accepted and confirmed, listed in the lost winner's place,
// paid out from the CSV and marked paid; the audit trail holds and names each step. The real server process
// with the development mailbox, the operator's own processes, Chromium with a passkey per person; SQLite and,
// with TEST_DATABASE_URL, PostgreSQL.

const s = panelTexts.statement;

for (const target of storageTargets) {
  describe.skipIf(!browserAvailable())(
    `a prize claim carried to its end in Chromium on ${target.name}`,
    () => {
      const run = useStaffServer(target, {
        UNDO_WINDOW_MS: String(UNDO_WINDOW_MS),
        WINNERS_POLL_MS: '200',
      });

      // What the steps hand on to each other.
      let winnerLink: string;
      let winnerReference: string;
      let reserveReference: string;
      const staff = {} as Record<'reviewer' | 'approver' | 'payout' | 'auditor', Page>;
      const { invite, register, sendStatement, drawList, openQueue, openFromQueue, statementHeading } =
        reviewSteps(() => run);

      it('imports a WinTo! winner with a reserve entry; the winner’s link mail goes, and the statement comes in', async () => {
        const file = path.join(run.where.dataDir, 'winners.json');
        fs.writeFileSync(file, JSON.stringify(winnersFile));
        const imported = await spawnOperator(['import-winners', file], run.where);
        expect(imported.exitCode, imported.stderr).toBe(0);
        // The reserve entry gets no claim (and no link) until a prize passes to it.
        expect(imported.lines).toEqual([
          {
            code: WINNER.code,
            award: 'WINTO',
            tier: 'WINTO',
            link: expect.stringMatching(/^\/oswiadczenie-win-to\?hash=/),
          },
        ]);
        winnerLink = String(imported.lines[0]!.link);
        // The public draw list names the winner, not the reserve.
        await expect.poll(() => drawList()).toEqual([`${WINNER.code} ${WINNER.name}`]);
        const linkMail = await mailTo(run.where.dataDir, 'link', WINNER.email);
        expect(linkMail.text).toContain(run.origin + winnerLink);
        expect(
          (await readMailbox(run.where.dataDir)).filter((mail) => mail.to.includes(RESERVE.email)),
        ).toEqual([]);

        const hash = new URLSearchParams(winnerLink.split('?')[1]).get('hash');
        winnerReference = await sendStatement(validStatement('WINTO', WINNER.code, hash));
        await mailTo(run.where.dataDir, 'received', WINNER.email);
      });

      it('registers a reviewer (who also approves), an approver, a payout person and an auditor, each with a passkey', async () => {
        // The reviewer holds the approver's role too: what keeps them from confirming their own decision is
        // the rule, not a missing role.
        const reviewerLink = await invite('recenzent@example.pl', 'reviewer');
        // docs/decisions/staff.md#people-and-roles: an account (here: its invitation still open) gets the
        // second role with no second link.
        const added = await spawnOperator(['staff-invite', 'recenzent@example.pl', 'approver'], run.where);
        expect(added.lines).toEqual([{ email: 'recenzent@example.pl', role: 'approver' }]);
        staff.reviewer = await register(reviewerLink);
        staff.approver = await register(await invite('zatwierdzajaca@example.pl', 'approver'));
        staff.payout = await register(await invite('wyplaty@example.pl', 'payout'));
        staff.auditor = await register(await invite('audytor@example.pl', 'auditor'));
      });

      it('the reviewer takes the statement with the key N, reveals the PESEL for a reason, looks at the photo and rejects it; axe finds nothing', async () => {
        const page = staff.reviewer;
        await openQueue(page);
        const queue = page.getByRole('table', { name: panelTexts.review.caption });
        await queue.getByRole('link', { name: winnerReference, exact: true }).waitFor();
        await expect.poll(() => queue.getByText(panelTexts.review.stateNames.received).count()).toBe(1);
        await expectAxeClean(page);

        // Keyboard only: N, from the page's heading (the focus is on it), takes the oldest one nobody took.
        const takeNext = page.getByRole('button', { name: panelTexts.review.takeNext });
        expect(await takeNext.getAttribute('aria-keyshortcuts')).toBe(panelTexts.review.takeNextKey);
        await expect.poll(() => focused(page)).toBe(`H1: ${panelTexts.review.title}`);
        await page.keyboard.press(panelTexts.review.takeNextKey);
        await statementHeading(page, winnerReference).waitFor();
        expect(new URL(page.url()).pathname).toMatch(/^\/panel\/oswiadczenia\/[\w-]+$/);
        await expect.poll(() => focused(page)).toBe(`H1: ${fill(s.titleOf, { reference: winnerReference })}`);
        await page.getByText(fill(s.you, { email: 'recenzent@example.pl' })).waitFor();
        // The winner's own claim, not a reserve's.
        expect(await page.getByText(s.facts.reserve, { exact: true }).count()).toBe(0);

        // The PESEL is masked until 'Pokaż' with a reason from the list.
        await page.getByText(SENT.maskedPesel, { exact: true }).waitFor();
        expect(await page.getByText(SENT.pesel).count()).toBe(0);
        expect(await page.locator('main').textContent()).not.toContain(SENT.iban);
        await expectAxeClean(page);
        await page
          .getByRole('button', { name: fill(s.revealLabel, { label: reviewTexts.fields.pesel }) })
          .click();
        await page.getByLabel(s.revealReason).selectOption({ label: REVEAL_REASON });
        await page.getByRole('button', { name: s.revealSubmit }).click();
        await page.getByText(SENT.pesel, { exact: true }).waitFor();
        await page.getByText(fill(s.revealed, { label: reviewTexts.fields.pesel })).waitFor();

        // The coupon photo (the code is offline), loaded only when asked for, for a reason too.
        await page.getByRole('button', { name: s.photoShow }).click();
        await page.getByLabel(s.revealReason).selectOption({ label: PHOTO_REASON });
        await page.getByRole('button', { name: s.photoSubmit }).click();
        const photo = page.getByRole('img', { name: fill(s.photoAlt, { reference: winnerReference }) });
        await expect
          .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
          .toBeGreaterThan(0);

        // 'Odrzuć' with a reason: its sentence is what the winner will read; the note stays in the panel.
        await page.getByRole('button', { name: s.reject, exact: true }).click();
        await page.getByLabel(s.reason, { exact: true }).selectOption({ label: REJECTION.label });
        await page.getByText(REJECTION.sentence).waitFor();
        await page.getByLabel(s.note).fill(INTERNAL_NOTE);
        await expectAxeClean(page);
        await page.getByRole('button', { name: s.rejectSubmit }).click();
        await page.getByText(s.results.awaitingApproval).waitFor();
        await page.getByText(panelTexts.review.stateNames['awaiting-approval'], { exact: true }).waitFor();
      }, 90_000);

      it('the reviewer cannot confirm their own decision; the approver does, Cofnij counts down, then the verdict mail goes without anything the winner typed', async () => {
        const reviewer = staff.reviewer;
        await reviewer.reload();
        await statementHeading(reviewer, winnerReference).waitFor();
        await reviewer.getByText(s.whoActs['awaiting-approval']).waitFor();
        expect(await reviewer.getByRole('button', { name: s.approve }).count()).toBe(0);
        // Nor does the one who decided look at the data any more: the approver acting on it may.
        await reviewer.getByText(s.revealNotYours).waitFor();
        expect(await reviewer.getByRole('button', { name: s.photoShow }).count()).toBe(0);
        // Nor does the server let them, whatever a page sends.
        const statementId = new URL(reviewer.url()).pathname.split('/').pop()!;
        const own = await reviewer.request.post(
          `${run.origin}/panel/api/review/statements/${statementId}/approval`,
          {
            headers: { origin: run.origin },
            data: { outcome: 'confirm' },
          },
        );
        expect(own.status()).toBe(403);
        expect(await own.json()).toEqual({ message: staffMessages.ownDecision });

        const page = staff.approver;
        await openFromQueue(page, winnerReference);
        // The reviewer's decision, its reason and the note, for the approver to weigh.
        await page
          .getByText(s.decisionOutcomes.reject.split(' (')[0]!.replace('{reason}', REJECTION.label))
          .waitFor();
        await page.getByText(INTERNAL_NOTE).waitFor();
        const approvedAt = Date.now();
        await page.getByRole('button', { name: s.approve }).click();
        await page.getByText(s.results.rejected).waitFor();
        const undo = page.getByRole('button', { name: s.undo });
        await undo.waitFor();
        await page.getByText(UNDO_LEFT).waitFor();
        const seconds = Number(/\d+/.exec((await page.getByText(UNDO_LEFT).textContent())!)![0]);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(UNDO_WINDOW_MS / 1000);
        // The window ends: 'Cofnij' goes, the page asks for the statement again by itself.
        await undo.waitFor({ state: 'detached', timeout: UNDO_WINDOW_MS + 10_000 });

        const verdict = await mailTo(run.where.dataDir, 'verdict', WINNER.email);
        // Not before the window had passed (the file is written when the mail goes).
        expect(
          fs.statSync(path.join(run.where.dataDir, 'mail', verdict.file)).mtimeMs,
        ).toBeGreaterThanOrEqual(approvedAt + UNDO_WINDOW_MS);
        expect(verdict.raw).toMatch(/^X-Loteria-Kind: verdict\r?$/m);
        expect(verdict.subject).toContain(winnerReference);
        for (const part of [verdict.text, verdict.html]) {
          expect(oneLine(part)).toContain(REJECTION.sentence);
          expect(part).toContain(winnerReference);
        }
        const everything = [verdict.raw, verdict.subject, verdict.text, verdict.html].join('\n');
        for (const value of [
          SENT.surName,
          `${SENT.name} ${SENT.surName}`,
          SENT.pesel,
          SENT.iban,
          SENT.iban.slice(2),
          SENT.idCard,
          SENT.phone,
          SENT.email,
          WINNER.name,
          INTERNAL_NOTE,
          INTERNAL_NOTE.slice(0, 30),
        ])
          expect(oneLine(everything), value).not.toContain(value);

        // The operator's listing of the mailbox names it too.
        const listed = await spawnOperator(['mailbox'], run.where);
        expect(listed.exitCode, listed.stderr).toBe(0);
        expect(listed.lines.map((line) => line.kind)).toContain('verdict');
      }, 90_000);

      it('the winner’s page says the prize cannot be given, and why', async () => {
        const page = await newContext(run.browser).then((context) => {
          run.contexts.push(context);
          return context.newPage();
        });
        await page.goto(run.origin + winnerLink);
        await page.getByRole('heading', { level: 1, name: statementTexts.linkRejectedTitle }).waitFor();
        await page.getByText(REJECTION.sentence).waitFor();
        expect(await page.locator('form').count()).toBe(0);
      });

      it('the approver passes the prize to the reserve; its mailed link opens the form with its code; its statement is accepted, confirmed, and listed in the lost winner’s place', async () => {
        const page = staff.approver;
        // The rejection is final and past its window: the queue says the prize can pass on.
        await openFromQueue(page, winnerReference, 'rejected');
        await page
          .getByRole('button', { name: fill(panelTexts.reserve.label, { code: WINNER.code }) })
          .click();
        await page.getByText(fill(panelTexts.reserve.confirm, { code: WINNER.code })).waitFor();
        await page.getByRole('button', { name: panelTexts.reserve.yes }).click();
        await page.getByText(fill(panelTexts.reserve.done, { reserve: 1, code: RESERVE.code })).waitFor();
        await page.getByText(fill(panelTexts.review.lost.passedTo, { code: RESERVE.code })).waitFor();
        expect(
          await page
            .getByRole('button', { name: fill(panelTexts.reserve.label, { code: WINNER.code }) })
            .count(),
        ).toBe(0);

        // The public draw list names the reserve where the lost winner was.
        await expect.poll(() => drawList()).toEqual([`${RESERVE.code} ${RESERVE.name}`]);

        // The reserve's link mail, and the statement page it opens: the form, the reserve's code filled in.
        const linkMail = await mailTo(run.where.dataDir, 'link', RESERVE.email);
        const links = linkMail.text.match(/https?:\/\/\S+/g) ?? [];
        expect(links).toHaveLength(1);
        const link = links[0]!;
        expect(link.startsWith(`${run.origin}/oswiadczenie-win-to?hash=`)).toBe(true);
        const reservePage = await newContext(run.browser).then((context) => {
          run.contexts.push(context);
          return context.newPage();
        });
        await gotoHydrated(reservePage, link);
        await expect
          .poll(() =>
            reservePage
              .locator('.code-boxes__box')
              .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value).join('')),
          )
          .toBe(RESERVE.code);
        await reservePage.getByText(statementTexts.code.locked.link).waitFor();
        await reservePage.getByRole('button', { name: statementTexts.submit }).waitFor();

        reserveReference = await sendStatement({
          ...validStatement('WINTO', RESERVE.code, new URL(link).searchParams.get('hash')),
          ...RESERVE_SENT,
        });

        // The reviewer takes it with 'Weź następne' and accepts it.
        const reviewer = staff.reviewer;
        await openQueue(reviewer);
        await reviewer.getByRole('button', { name: panelTexts.review.takeNext }).click();
        await statementHeading(reviewer, reserveReference).waitFor();
        await reviewer.getByText(fill(s.reserveNumber, { reserve: 1 }), { exact: true }).waitFor();
        await reviewer.getByText(s.facts.reserve, { exact: true }).waitFor();
        await reviewer.getByRole('button', { name: s.accept }).click();
        await reviewer.getByText(s.results.awaitingApproval).waitFor();

        // The approver confirms it.
        await openFromQueue(page, reserveReference);
        await page.getByRole('button', { name: s.approve }).click();
        await page.getByText(s.results.accepted).waitFor();
        await page.getByRole('button', { name: s.undo }).waitFor();
      }, 90_000);

      it('after the window the payout person downloads the transfer file of the prize and marks it paid', async () => {
        // The payout list waits for the undo window, as the verdict does.
        await staff.approver
          .getByRole('button', { name: s.undo })
          .waitFor({ state: 'detached', timeout: UNDO_WINDOW_MS + 10_000 });
        const accepted = await mailTo(run.where.dataDir, 'verdict', RESERVE.email);
        expect(accepted.subject).toContain(reserveReference);

        const page = staff.payout;
        await page.getByRole('link', { name: panelTexts.nav.payouts }).click();
        await page.getByRole('heading', { level: 1, name: panelTexts.payouts.title }).waitFor();
        const table = page.getByRole('table', { name: panelTexts.payouts.caption });
        const row = table.getByRole('row').filter({ hasText: reserveReference });
        await row.waitFor();
        expect(await row.getByRole('cell').allTextContents()).toEqual(
          expect.arrayContaining([RESERVE.code, '7\u00a0000,00\u00a0zł']),
        );
        await page
          .getByText(fill(panelTexts.payouts.sum, { total: 1, sum: '7\u00a0000,00\u00a0zł' }))
          .waitFor();
        // No names or accounts on the list.
        const listed = (await page.locator('main').textContent())!;
        for (const value of [RESERVE_SENT.surName, RESERVE_SENT.iban, RESERVE.name])
          expect(listed).not.toContain(value);
        await expectAxeClean(page);

        await page
          .getByRole('checkbox', {
            name: fill(panelTexts.payouts.selectOne, { reference: reserveReference }),
          })
          .check();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: panelTexts.payouts.export }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^wyplaty-\d{4}-\d{2}-\d{2}\.csv$/);
        const csv = fs.readFileSync((await download.path())!, 'utf8');
        // A Polish spreadsheet's file: a BOM, semicolons, the amount a number with a decimal comma.
        expect(csv.startsWith('\uFEFF')).toBe(true);
        expect(csv.slice(1).split('\r\n')).toEqual([
          'Numer zgłoszenia;Imię;Nazwisko;IBAN;Kwota',
          `${reserveReference};${RESERVE_SENT.name};${RESERVE_SENT.surName};${RESERVE_SENT.iban};7000,00`,
          '',
        ]);
        await page
          .getByText(fill(panelTexts.payouts.exported, { file: download.suggestedFilename() }))
          .waitFor();

        await page.getByRole('button', { name: panelTexts.payouts.markPaid }).click();
        await page.getByText(fill(panelTexts.payouts.markPaidConfirm, { count: 1 })).waitFor();
        await page.getByRole('button', { name: panelTexts.payouts.markPaidYes }).click();
        await page.getByText(fill(panelTexts.payouts.paid, { paid: 1 })).waitFor();
        await page.getByText(panelTexts.payouts.none).waitFor();
        await page.reload();
        await page.getByText(panelTexts.payouts.none).waitFor();
        const history = page.getByRole('table', { name: panelTexts.payouts.historyCaption });
        await history
          .getByRole('row')
          .filter({ hasText: panelTexts.audit.actions['payouts-paid'] })
          .filter({ hasText: reserveReference })
          .waitFor();

        // The transfer bounced: the payment is taken back, for a reason, and the prize is listed again.
        await page.getByLabel(panelTexts.payouts.undoReference).fill(reserveReference);
        await page.getByLabel(panelTexts.payouts.undoReason).fill('Przelew wrócił: rachunek zamknięty');
        await page.getByRole('button', { name: panelTexts.payouts.undo }).click();
        await page.getByText(fill(panelTexts.payouts.undone, { reference: reserveReference })).waitFor();
        await table.getByRole('row').filter({ hasText: reserveReference }).waitFor();
        await history.getByRole('row').filter({ hasText: 'Przelew wrócił: rachunek zamknięty' }).waitFor();
        await expectAxeClean(page);
        // Paid again, once the account is right.
        await page
          .getByRole('checkbox', {
            name: fill(panelTexts.payouts.selectOne, { reference: reserveReference }),
          })
          .check();
        await page.getByRole('button', { name: panelTexts.payouts.markPaid }).click();
        await page.getByRole('button', { name: panelTexts.payouts.markPaidYes }).click();
        await page.getByText(panelTexts.payouts.none).waitFor();
      }, 90_000);

      it('leaves an audit trail that verifies and names every step, with the reason of the reveal and none of the note', async () => {
        const verified = await spawnOperator(['audit-verify'], run.where);
        expect(verified.exitCode, verified.stderr).toBe(0);
        expect(verified.lines[0]).toMatchObject({ verified: true });

        const page = staff.auditor;
        await page.getByRole('link', { name: panelTexts.nav.audit }).click();
        const table = page.getByRole('table', { name: panelTexts.audit.caption });
        await table.waitFor();
        expect(await page.locator('main').textContent()).not.toContain(INTERNAL_NOTE);
        const actions = [
          'statement-taken',
          'statement-opened',
          'statement-revealed',
          'photo-viewed',
          'decision',
          'approval',
          'reserve-promoted',
          'payouts-exported',
          'payouts-paid',
          'payout-undone',
        ] as const;
        for (const action of actions) {
          await page.getByLabel(panelTexts.audit.action, { exact: true }).selectOption(action);
          await page.getByRole('button', { name: panelTexts.audit.apply, exact: true }).click();
          await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe(action);
          // The address changes before the page has shown the filtered trail (a router transition): only
          // when every row is of this action is the filter (and its form) the new one.
          const label = panelTexts.audit.actions[action];
          await expect
            .poll(
              async () => {
                const rows = await table.locator('tbody tr').count();
                return rows > 0 && rows === (await table.getByText(label, { exact: true }).count());
              },
              { message: action },
            )
            .toBe(true);
        }
        // The reveal is recorded with its reason.
        await page.getByLabel(panelTexts.audit.action, { exact: true }).selectOption('statement-revealed');
        await page.getByRole('button', { name: panelTexts.audit.apply, exact: true }).click();
        await table.getByText(REVEAL_REASON).waitFor();
      }, 90_000);
    },
  );
}
