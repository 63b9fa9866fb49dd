import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import panelTexts from '#content/panel.json';
import { fill } from '#shared/content/template.ts';
import { spawnOperator } from '../server/helpers/operator';
import { validStatement } from '../server/helpers/statement-fixtures';
import { storageTargets } from '../server/helpers/storage-targets';
import { winnersFixture } from '../server/helpers/winners-fixture';
import { browserAvailable, useStaffServer } from './harness';
import { mailTo, oneLine } from './mailbox';
import { expectAxeClean } from './panel-people';
import { focused, reviewSteps, SENT } from './review-story';

// docs/decisions/prize-issue.md: /panel/wydania in Chromium, by keyboard: a smartwatch (tier IV) sent by
// parcel, its winner mailed the parcel's number, then delivered; the car (tier I) handed over, its
// registration clock shown. The real server process, the operator's import, a passkey per person.

const t = panelTexts.issue;
const UNDO_WINDOW_MS = 1000;

for (const target of storageTargets) {
  describe.skipIf(!browserAvailable())(`the prize issue page in Chromium on ${target.name}`, () => {
    const run = useStaffServer(target, {
      UNDO_WINDOW_MS: String(UNDO_WINDOW_MS),
      WINNERS_POLL_MS: '200',
    });
    const references = new Map<string, string>();
    let clerk: Page;
    const { invite, register, sendStatement } = reviewSteps(() => run);

    /** Calls the panel from the page, as the panel itself does (its session cookie, its origin). */
    const panelCall = (page: Page, method: string, url: string) =>
      page.evaluate(
        async ([method, url]) => {
          const response = await fetch(`/panel/api/${url}`, {
            method,
            headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
            ...(method === 'GET' ? {} : { body: '{}' }),
          });
          return (await response.json()) as Record<string, unknown>;
        },
        [method, url] as const,
      );

    it('accepts a smartwatch and a car; the payout clerk finds them on /panel/wydania, axe-clean', async () => {
      const file = path.join(run.where.dataDir, 'winners.json');
      fs.writeFileSync(file, JSON.stringify(winnersFixture));
      const imported = await spawnOperator(['import-winners', file], run.where);
      expect(imported.exitCode, imported.stderr).toBe(0);
      for (const [tier, code] of [
        ['IV', 'Z0000000004'],
        ['I', 'C0000000001'],
      ] as const) {
        const line = imported.lines.find((one) => one.code === code)!;
        const hash = new URLSearchParams(String(line.link).split('?')[1]).get('hash');
        references.set(tier, await sendStatement(validStatement(tier, code, hash)));
      }
      const reviewer = await register(await invite('sprawdza@example.pl', 'reviewer'));
      const approver = await register(await invite('zatwierdza@example.pl', 'approver'));
      const queue = (await panelCall(reviewer, 'GET', 'review/queue')) as { items: { id: string }[] };
      for (const { id } of queue.items) {
        await panelCall(reviewer, 'POST', `review/statements/${id}/take`);
        await reviewer.evaluate(
          (id) =>
            fetch(`/panel/api/review/statements/${id}/decision`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ outcome: 'accept' }),
            }),
          id,
        );
        await approver.evaluate(
          (id) =>
            fetch(`/panel/api/review/statements/${id}/approval`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ outcome: 'confirm' }),
            }),
          id,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, UNDO_WINDOW_MS + 200));

      clerk = await register(await invite('wydaje@example.pl', 'payout'));
      await clerk.getByRole('link', { name: panelTexts.nav.issue }).click();
      await clerk.getByRole('heading', { level: 1, name: t.title }).waitFor();
      // Without CAMPAIGN_NOW the campaign clock is today's, past 31 January 2026: both are late.
      await clerk
        .getByRole('heading', { level: 2, name: fill(t.openHeading, { count: 2, late: 2 }) })
        .waitFor();
      await expectAxeClean(clerk);
    });

    it('sends the parcel by keyboard: the winner gets its number by mail; then it is delivered', async () => {
      const reference = references.get('IV')!;
      const choose = clerk.getByRole('button', { name: fill(t.choose, { reference }) });
      await choose.focus();
      await clerk.keyboard.press('Enter');
      const formHeading = clerk.getByRole('heading', { level: 3, name: new RegExp(reference) });
      await formHeading.waitFor();
      expect(await focused(clerk)).toMatch(/^H3: /);
      await expectAxeClean(clerk);
      await clerk.keyboard.press('Tab');
      await clerk.keyboard.type('InPost');
      await clerk.keyboard.press('Tab');
      await clerk.keyboard.type('620000111222333');
      // The day is today's already: Enter sends the form ('Wysłano').
      await clerk.keyboard.press('Enter');
      await clerk
        .getByRole('status')
        .getByText(fill(t.saved, { reference, state: t.states.shipped }))
        .waitFor();
      // The focus is back on the prize's button.
      await expect.poll(() => focused(clerk)).toBe(`BUTTON: ${fill(t.choose, { reference })}`);
      const mail = await mailTo(run.where.dataDir, 'shipped', SENT.email);
      expect(oneLine(mail.text)).toContain('Przewoźnik: InPost Numer przesyłki: 620000111222333');

      await clerk.keyboard.press('Enter');
      await formHeading.waitFor();
      await clerk.getByRole('button', { name: t.delivered, exact: true }).click();
      await clerk
        .getByRole('status')
        .getByText(fill(t.saved, { reference, state: t.states.delivered }))
        .waitFor();
      await clerk.getByRole('heading', { level: 2, name: fill(t.issuedHeading, { count: 1 }) }).waitFor();
    });

    it('hands the car over: issued, with its registration formalities due in 10 working days', async () => {
      const reference = references.get('I')!;
      await clerk.getByRole('button', { name: fill(t.choose, { reference }) }).click();
      // The day starts as today's (no earlier than the acceptance): the clock across 1 and 6 January is the
      // integration test's (test/server/issue/issue.test.ts).
      await clerk.getByRole('button', { name: t.handedOver, exact: true }).click();
      await clerk.getByRole('heading', { level: 2, name: fill(t.issuedHeading, { count: 2 }) }).waitFor();
      const row = clerk.getByRole('row', { name: new RegExp(reference) });
      await expect
        .poll(() => row.textContent())
        .toMatch(/Wydano \(po terminie\)\d{4}-\d{2}-\d{2}\d{4}-\d{2}-\d{2}/);
      await clerk.getByText(t.openNone).waitFor();
      await expectAxeClean(clerk);
    });
  });
}
