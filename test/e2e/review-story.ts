import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import panelTexts from '#content/panel.json';
import reviewTexts from '#content/review.json';
import { fill } from '#shared/content/template.ts';
import type { StaffRun, StaffWhere } from './harness';
import { staffPeople } from './panel-people';

// The prize claim carried to its end (review.test.ts): its winners, what they send, the staff's choices, and
// the steps its tests repeat.

/** docs/decisions/review.md#undo-window, shortened so the test waits seconds, not minutes. */
export const UNDO_WINDOW_MS = 3000;

/** The WinTo! prize of Draw1: its winner and its first reserve entry (docs/api.md#operator-commands). */
export const WINNER = { code: 'W0000000002', name: 'Maria W.', email: 'maria.w@example.com' };
export const RESERVE = { code: 'W0000000012', name: 'Ola O.', email: 'ola.o@example.com' };
export const winnersFile = {
  draws: [
    {
      drawName: 'Draw1',
      price: 'WINTO',
      priceRank: 2,
      code: WINNER.code,
      name: WINNER.name,
      testimonialId: 'T-W2',
      email: WINNER.email,
    },
    {
      drawName: 'Draw1',
      price: 'WINTO',
      priceRank: 2,
      code: RESERVE.code,
      name: RESERVE.name,
      testimonialId: 'T-W12',
      email: RESERVE.email,
      reserve: 1,
    },
  ],
};

/** What the winner sent (validStatement's person, Jan Kowalski): none of it may reach a mail. */
export const SENT = {
  name: 'Jan',
  surName: 'Kowalski',
  pesel: '44051401359',
  maskedPesel: '•••••••1359',
  iban: 'PL61109010140000071219812874',
  idCard: 'ABA300000',
  phone: '600700800',
  email: 'jan.kowalski@example.com',
};
/** The reserve's own data (valid checksums), so the transfer file shows whose it is. */
export const RESERVE_SENT = {
  name: 'Aleksandra',
  surName: 'Nowak',
  phoneNumber: '512345678',
  email: 'aleksandra.nowak@example.com',
  pesel: '90031507890',
  identityCardNumber: 'ANW012345',
  iban: 'PL27114020040000300201355387',
};

export const REJECTION = reviewTexts.reasons.find((reason) => reason.key === 'unreadable-coupon')!;
export const INTERNAL_NOTE = 'Notatka tylko dla zespołu: numer kuponu zamazany, infolinia potwierdziła';
/** docs/decisions/review.md#unmasking: the needs a look is chosen for; the auditor reads them by label. */
export const REVEAL_REASON = reviewTexts.revealReasons.find((reason) => reason.key === 'age')!.label;
export const PHOTO_REASON = reviewTexts.revealReasons.find((reason) => reason.key === 'coupon')!.label;

const s = panelTexts.statement;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** 'Cofnij''s countdown, whatever the seconds left. */
export const UNDO_LEFT = new RegExp(s.undoLeft.split('{seconds}').map(escapeRegExp).join('\\d+'));

/** The element that has the focus: its tag and text. */
export const focused = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName}: ${document.activeElement?.textContent}`);

/** Where the operator's commands find the story's data (harness.ts's staff run). */
export type ReviewWhere = StaffWhere;

/** What the story's beforeAll started (harness.ts's useStaffServer), read by the steps once it has. */
export type ReviewRun = StaffRun;

/** The steps the story's tests take, on what `run` gives once the server and the browser are started. */
export function reviewSteps(run: () => ReviewRun) {
  const { invite, register } = staffPeople(run);
  const sendStatement = async (payload: Record<string, unknown>) => {
    const response = await fetch(`${run().server.url}/api/draw-complete-testimonial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const answer = (await response.json()) as { status: string; reference: string };
    expect(response.status, JSON.stringify(answer)).toBe(201);
    return answer.reference;
  };
  /** The public draw list (GET /api/WinnersList), as "code name" lines. */
  const drawList = async () => {
    const list = (await (await fetch(`${run().server.url}/api/WinnersList`)).json()) as {
      code: string;
      name: string;
    }[];
    return list.map(({ code, name }) => `${code} ${name}`);
  };
  const openQueue = async (page: Page) => {
    await page.goto(`${run().origin}/panel/oswiadczenia?tier=WINTO`);
    await page.getByRole('heading', { level: 1, name: panelTexts.review.title }).waitFor();
  };
  /** The statement of this reference, opened from the queue's row (its state chosen first). */
  const openFromQueue = async (page: Page, reference: string, state = 'open') => {
    await openQueue(page);
    if (state !== 'open') {
      await page.getByLabel(panelTexts.review.state, { exact: true }).selectOption(state);
      await page.getByRole('button', { name: panelTexts.review.apply, exact: true }).click();
    }
    await page.getByRole('link', { name: reference, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: fill(s.titleOf, { reference }) }).waitFor();
  };
  const statementHeading = (page: Page, reference: string) =>
    page.getByRole('heading', { level: 1, name: fill(s.titleOf, { reference }) });

  return { invite, register, sendStatement, drawList, openQueue, openFromQueue, statementHeading };
}
