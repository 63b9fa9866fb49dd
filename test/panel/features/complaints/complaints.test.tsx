import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import texts from '#content/panel.json';
import { ADMIN, renderPanel } from '../../helpers';

// docs/decisions/complaints.md#desk: the complaints desk as jsdom renders it, axe included (colour contrast
// needs a browser's layout).
beforeAll(() => {
  document.documentElement.lang = 'pl';
});
afterEach(() => vi.unstubAllGlobals());

const CLERK = { ...ADMIN, email: 'reklamacje@organizator.pl', roles: ['complaints'] };
const line = (changes: object = {}) => ({
  id: 'c1',
  reference: 'K7QM-4XD9',
  channel: 'post',
  receivedOn: '2026-01-20',
  deadline: '2026-02-10',
  daysLeft: -6,
  shortened: false,
  late: false,
  state: 'open',
  decision: null,
  ...changes,
});
const complaint = {
  line: line({ state: 'decided', decision: 'rejected' }),
  postmarkedOn: '2026-01-19',
  reason: 'rules-followed',
  text: {
    name: 'Anna',
    surName: 'Kowalska',
    address: 'Długa 5, 30-001 Kraków',
    email: 'anna@example.pl',
    code: 'T0000000003',
    eventDate: '2026-01-10',
    description: 'Opis\nw dwóch wierszach',
    demand: 'Ponownego rozpatrzenia.',
  },
  claim: {
    code: 'T0000000003',
    tier: 'III',
    prize: 'TELEFON',
    statementReference: 'ABCD-2345',
    review: 'rejected',
    rejectionReason: 'Zdjęcie kuponu jest nieczytelne.',
    canReopen: false,
  },
  preview: { subject: 'Odpowiedź na Twoją reklamację (numer K7QM-4XD9)', text: 'Reklamacja nieuznana\n' },
  answer: null,
};

async function violations() {
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((n) => n.html).join(' | ')}`,
  );
}

describe('the complaints desk', () => {
  it('lists the unanswered ones with the days left, an overdue one marked in words', async () => {
    renderPanel('/reklamacje', {
      'GET /session': { body: CLERK },
      'GET /complaints': {
        body: { items: [line(), line({ id: 'c2', reference: 'ABCD-2345', daysLeft: 16, shortened: true })] },
      },
    });
    const table = await screen.findByRole('table', { name: texts.complaints.listCaption });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual([
      'po terminie (6 dni)',
      '16; termin skrócony do końca loterii',
    ]);
    expect(screen.getByRole('link', { name: 'K7QM-4XD9' }).getAttribute('href')).toMatch(/\/reklamacje\/c1$/);
    expect(screen.getByRole('button', { name: texts.complaints.add.button })).toBeTruthy();
    expect(await violations()).toEqual([]);
  });

  it('shows a complaint with its text, its claim, the decision and the answer’s preview', async () => {
    renderPanel('/reklamacje/c1', {
      'GET /session': { body: CLERK },
      'GET /complaints/c1': { body: complaint },
    });
    await screen.findByRole('heading', { name: 'Reklamacja K7QM-4XD9' });
    expect(screen.getByText('Długa 5, 30-001 Kraków')).toBeTruthy();
    expect(screen.getByText('Zdjęcie kuponu jest nieczytelne.')).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.complaints.page.send })).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.complaints.page.letterButton })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: texts.complaints.page.reason })).toBeTruthy();
    expect(await violations()).toEqual([]);
  });

  it('says on which day an e-mail answer left: the day judged against the deadline, not an instant', async () => {
    // docs/decisions/complaints.md#clock: the outbox's campaign day (`sent_on`), as a letter's day is shown.
    renderPanel('/reklamacje/c1', {
      'GET /session': { body: CLERK },
      'GET /complaints/c1': {
        body: {
          ...complaint,
          line: line({ state: 'answered', decision: 'rejected' }),
          answer: { channel: 'email', sentAt: '2026-02-10', letterNumber: null, onTime: true },
        },
      },
    });
    const answer = await screen.findByRole('region', { name: texts.complaints.page.answer });
    expect(answer.textContent).toContain(`2026-02-10, ${texts.complaints.page.onTime}`);
  });

  it('is not shown to a role without complaints', async () => {
    renderPanel('/reklamacje', { 'GET /session': { body: ADMIN } });
    await screen.findByText(texts.noAccess.title);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
