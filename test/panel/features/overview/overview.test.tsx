import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import texts from '#content/panel.json';
import { ADMIN, renderPanel } from '../../helpers';

afterEach(() => vi.unstubAllGlobals());

const tier = (id: string, claims: number) => ({
  tier: id,
  claims,
  received: 1,
  waiting: 2,
  overdue: 1,
  accepted: 0,
  rejected: 0,
  reopened: 0,
  passedOn: 0,
});

describe('first screen', () => {
  it('lists each tier by its Polish name and the mail when there is any', async () => {
    renderPanel('/', {
      'GET /session': { body: ADMIN },
      'GET /overview': {
        body: {
          tiers: [tier('I', 7), tier('WINTO', 3), tier('XX', 1)],
          mail: [
            { kind: 'link', queued: 2, sent: 10, failed: 1, oldestQueuedMinutes: 14 },
            { kind: 'received', queued: 0, sent: 4, failed: 0, oldestQueuedMinutes: null },
          ],
          complaints: { open: 3, overdue: 1 },
          issue: [{ tier: 'III', accepted: 40, issued: 30, toIssue: 10, late: 4 }],
          issueDeadline: '2026-01-31',
        },
      },
    });
    const tiers = await screen.findByRole('table', { name: texts.overview.tiersCaption });
    const rows = within(tiers).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'I — Samochód osobowy',
      'WinTo! — 7 000 zł',
      'XX',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['7', '1', '2', '1', '0', '0', '0', '0']);
    // docs/decisions/review.md#figures: what the figures count, said under them.
    expect(screen.getByText(texts.overview.tiersNote)).toBeTruthy();
    // docs/decisions/complaints.md#desk: the unanswered complaints, and those past their deadline.
    expect(screen.getByText('Reklamacje bez odpowiedzi: 3, w tym po terminie: 1.')).toBeTruthy();
    // docs/decisions/prize-issue.md#figures: what is still to be issued, and how much of it is late.
    const issue = screen.getByRole('table', {
      name: 'Wydanie nagród według kategorii (termin: 31 stycznia 2026 r.)',
    });
    expect(
      within(issue)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['40', '30', '10', '4']);
    const mail = screen.getByRole('table', { name: texts.overview.mailCaption });
    expect(
      within(mail)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Link do oświadczenia', 'Potwierdzenie otrzymania oświadczenia']);
    // Nothing waiting in the queue: no age, a dash.
    expect(
      within(mail)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '10', '1', '14', '0', '4', '0', texts.empty]);
    // Each table names what its rows are, then its figures' columns, from panel.json, right-aligned.
    const heads = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => [cell.textContent, cell.className]);
    const expected = (labels: Record<string, string>) =>
      Object.values(labels).map((label, at) => [label, at === 0 ? '' : 'number']);
    expect(heads(tiers)).toEqual(expected(texts.overview.columns));
    expect(heads(issue)).toEqual(expected(texts.overview.issueColumns));
    expect(heads(mail)).toEqual(expected(texts.overview.mailColumns));
    // Each table sits in its own scrolling region, named as the table is.
    for (const table of [tiers, issue, mail])
      expect(table.closest('[role="region"]')?.getAttribute('aria-label')).toBe(
        table.querySelector('caption')?.textContent,
      );
  });

  it('shows no mail table when no mail was ever queued', async () => {
    renderPanel('/', {
      'GET /session': { body: ADMIN },
      'GET /overview': {
        body: {
          tiers: [tier('I', 0)],
          mail: [],
          complaints: { open: 0, overdue: 0 },
          issue: [],
          issueDeadline: '2026-01-31',
        },
      },
    });
    await screen.findByRole('table', { name: texts.overview.tiersCaption });
    expect(screen.queryByRole('table', { name: texts.overview.mailCaption })).toBeNull();
  });
});
