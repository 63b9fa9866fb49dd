import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { startAuthentication } from '@simplewebauthn/browser';
import texts from '#content/panel.json';
import { ADMIN, APPROVER, PAYOUT, renderPanel, REVIEWER, type Route } from './helpers';
import { queue, statement } from './review-data';

vi.mock('@simplewebauthn/browser', () => import('./webauthn-mock'));

// axe on each page in each state a person meets, as jsdom renders it: what jsdom cannot lay out (colour
// contrast) is left to a browser.
beforeAll(() => {
  document.documentElement.lang = 'pl';
});
afterEach(() => vi.unstubAllGlobals());

async function violations() {
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

const EVERYONE = { ...ADMIN, roles: ['admin', 'auditor', 'reviewer'] };
const logged: Record<string, Route> = {
  'GET /session': { body: EVERYONE },
  'GET /overview': {
    body: {
      tiers: [{ tier: 'I', claims: 7, received: 3, waiting: 4, overdue: 1, rejected: 0 }],
      mail: [{ kind: 'link', queued: 1, sent: 5, failed: 0, oldestQueuedMinutes: 3 }],
      complaints: { open: 2, overdue: 1 },
      issue: [{ tier: 'I', accepted: 7, issued: 2, toIssue: 5, late: 0 }],
      issueDeadline: '2026-01-31',
    },
  },
  'GET /passkeys': { body: [{ id: 'k1', createdAt: '2025-07-01T08:00:00Z', lastUsedAt: null }] },
  'GET /sessions': {
    body: [
      {
        createdAt: '2025-07-16T08:00:00Z',
        lastSeenAt: '2025-07-16T08:10:00Z',
        passkey: { id: 'k1', name: null, createdAt: '2025-07-01T08:00:00Z' },
        current: true,
      },
    ],
  },
  'GET /staff': {
    body: {
      people: [
        {
          id: 'p1',
          email: 'admin@example.pl',
          roles: ['admin'],
          passkeys: 1,
          lastLoginAt: null,
          invitedUntil: null,
        },
        {
          id: 'p2',
          email: 'nowy@example.pl',
          roles: ['reviewer'],
          passkeys: 0,
          lastLoginAt: null,
          invitedUntil: '2025-07-17T08:00:00Z',
        },
      ],
    },
  },
  'POST /staff/invitations': {
    body: { email: 'x@example.pl', role: 'payout', mailed: true },
  },
  'GET /audit': {
    body: {
      entries: [
        {
          seq: 2,
          at: '2025-07-16T10:00:00Z',
          actor: 'p1',
          action: 'login',
          subject: null,
          reason: null,
          details: null,
        },
      ],
      next: 1,
    },
  },
};

describe('the panel is axe-clean', () => {
  it('the login page, with the session-ended note and an error', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(new DOMException('', 'NotAllowedError'));
    const { user } = renderPanel('/', {
      'GET /session': { body: ADMIN },
      'GET /overview': { status: 401, body: { message: 'Sesja wygasła.' } },
      'POST /login/options': { body: { challenge: 'Yw' } },
    });
    await screen.findByText(texts.login.sessionEnded);
    await user.click(screen.getByRole('button', { name: texts.login.button }));
    await screen.findByText(texts.passkey.cancelled);
    expect(await violations()).toEqual([]);
  });

  it('the invitation page', async () => {
    renderPanel('/zaproszenie#t', {
      'POST /registration/options': { body: { email: 'nowy@example.pl', roles: ['reviewer'], options: {} } },
    });
    await screen.findByText('nowy@example.pl');
    expect(await violations()).toEqual([]);
  });

  it('the first screen, with both tables', async () => {
    renderPanel('/', logged);
    await screen.findByRole('table', { name: texts.overview.mailCaption });
    expect(await violations()).toEqual([]);
  });

  it('own passkeys and sessions', async () => {
    renderPanel('/klucze', logged);
    await screen.findByRole('table', { name: texts.passkeys.caption });
    await screen.findByRole('table', { name: texts.passkeys.sessions.caption });
    expect(await violations()).toEqual([]);
  });

  it('a page one has no access to', async () => {
    renderPanel('/zespol', { 'GET /session': { body: { ...ADMIN, roles: ['reviewer'] } } });
    await screen.findByRole('heading', { level: 1, name: texts.noAccess.title });
    expect(await violations()).toEqual([]);
  });

  it('the team page with an invitation sent, one’s own card, a reset and a revocation to confirm', async () => {
    const { user } = renderPanel('/zespol', logged);
    await user.type(await screen.findByLabelText(texts.team.email), 'x@example.pl');
    await user.click(screen.getByRole('button', { name: texts.team.invite }));
    await screen.findByText(/^Wysłaliśmy zaproszenie na adres x@example.pl/);
    const card = (await screen.findByRole('heading', { level: 3, name: 'nowy@example.pl' })).closest('li')!;
    await user.click(within(card).getByRole('button', { name: texts.team.reset }));
    await user.click(within(card).getByRole('button', { name: texts.team.revoke }));
    expect(await violations()).toEqual([]);
  });

  it('the audit trail', async () => {
    renderPanel('/dziennik', logged);
    await screen.findByRole('table', { name: texts.audit.caption });
    expect(await violations()).toEqual([]);
  });

  it("the queue, with the reviewer's next button and the counts", async () => {
    renderPanel('/oswiadczenia?tier=I&state=rejected&page=1', {
      'GET /session': { body: REVIEWER },
      'GET /review/queue': {
        body: queue({
          state: 'rejected',
          items: [
            {
              ...queue().items[0]!,
              state: 'rejected',
              final: { at: '2025-07-11T08:00:00Z', undoUntil: '2025-07-11T08:02:00Z' },
              lost: 'organiser',
            },
          ],
          pages: 2,
        }),
      },
    });
    await screen.findByRole('table', { name: texts.review.countsCaption });
    expect(await violations()).toEqual([]);
  });

  it('the expired claims, with a reserve to confirm', async () => {
    const { user } = renderPanel('/oswiadczenia?tier=I&state=expired&page=1', {
      'GET /session': { body: APPROVER },
      'GET /review/queue': {
        body: queue({
          state: 'expired',
          items: [],
          expired: [
            {
              claimId: 'c1',
              tier: 'VI',
              code: 'AAAA1111BBB',
              deadlineDate: '2025-07-01',
              lost: 'reserve-available',
              passedTo: null,
            },
            {
              claimId: 'c2',
              tier: 'VI',
              code: 'CCCC2222DDD',
              deadlineDate: '2025-07-01',
              lost: 'reserve-available',
              passedTo: null,
            },
          ],
        }),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Przekaż rezerwowemu nagrodę kodu AAAA1111BBB' }),
    );
    expect(await violations()).toEqual([]);
  });

  it('a statement with a reveal asked for, the photo shown and a rejection being written', async () => {
    const { user } = renderPanel('/oswiadczenia/s1', {
      'GET /session': { body: REVIEWER },
      'GET /review/statements/s1': { body: statement() },
    });
    await user.click(await screen.findByRole('button', { name: 'Pokaż: PESEL' }));
    await user.click(screen.getByRole('button', { name: texts.statement.photoShow }));
    await user.click(screen.getByRole('button', { name: texts.statement.reject }));
    await user.click(screen.getByRole('button', { name: texts.statement.rejectSubmit }));
    await screen.findByText(texts.statement.reasonRequired);
    expect(await violations()).toEqual([]);
  });

  it('a statement awaiting an approver, and one within its undo window', async () => {
    const { user } = renderPanel('/oswiadczenia/s1', {
      'GET /session': { body: APPROVER },
      'GET /review/statements/s1': {
        body: statement({
          state: 'awaiting-approval',
          decision: {
            outcome: 'reject',
            reason: 'late',
            reasonLabel: 'Po terminie',
            sentence: 'Oświadczenie przyszło po terminie.',
            note: '',
            at: '2025-07-11T08:00:00Z',
          },
          actions: ['approve', 'send-back'],
        }),
      },
      'POST /review/statements/s1/approval': {
        body: statement({
          state: 'rejected',
          final: {
            outcome: 'reject',
            at: '2025-07-11T09:00:00Z',
            undoUntil: '2099-01-01T00:00:00Z',
            canUndo: true,
          },
          lost: 'reserve-available',
          actions: ['undo', 'pass-to-reserve'],
        }),
      },
    });
    await screen.findByRole('button', { name: texts.statement.approve });
    expect(await violations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: texts.statement.approve }));
    await screen.findByRole('button', { name: texts.statement.undo });
    expect(await violations()).toEqual([]);
  });

  it('the payouts, with a choice to confirm', async () => {
    const { user } = renderPanel('/wyplaty', {
      'GET /session': { body: PAYOUT },
      'GET /payouts': {
        body: {
          items: [
            {
              id: 'p1',
              reference: 'AAA-111-AA',
              tier: 'VI',
              code: 'C1',
              amount: '200,00 zł',
              acceptedAt: '2025-07-11T08:00:00Z',
            },
          ],
          total: 1,
          sum: '200,00 zł',
          history: [
            {
              at: '2025-07-12T08:00:00Z',
              action: 'payout-undone',
              by: 'kasa@organizator.pl',
              references: ['BBB-222-BB'],
              sum: '200,00 zł',
              reason: 'Przelew wrócił',
            },
          ],
        },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: texts.payouts.selectAll }));
    await user.click(screen.getByRole('button', { name: texts.payouts.markPaid }));
    expect(await violations()).toEqual([]);
  });
});
