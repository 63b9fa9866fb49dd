import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import texts from '#content/panel.json';
import type { ReviewStatement } from '#panel/lib/api-types.ts';
import { fill } from '#panel/lib/texts.ts';
import { APPROVER, renderPanel, REVIEWER } from '../../helpers';
import { statement } from '../../review-data';
import { decision, heading, open, posts, reads } from './statement-helpers';

// The statement page's decisions: take, decide, approve, give back, release, undo, pass to a reserve, drafts.

afterEach(() => {
  // Unmounted while the fake timers still run, so the countdown's interval is cleared where it was made: after a
  // full run a tick once reached React once jsdom had gone ("window is not defined").
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('a statement (reviewer, approver)', () => {
  it("'Weź do sprawdzenia' takes it: the answer is shown, said, and the focus is on the decision", async () => {
    const { requests, user } = open(
      statement({ state: 'received', reviewer: null, actions: ['take'] }),
      REVIEWER,
      {
        'POST /review/statements/s1/take': { body: statement() },
      },
    );
    await heading();
    expect(screen.getByText(texts.statement.nobody)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: texts.statement.take }));

    expect(await screen.findByText(texts.statement.results.taken)).toBeTruthy();
    expect(screen.getByText('ewa@organizator.pl (Ty)')).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.statement.accept })).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: texts.statement.decisionHeading }),
    );
    expect(posts(requests)).toEqual([['/review/statements/s1/take', {}]]);
  });

  it('accepts with one button', async () => {
    const { requests, user } = open(statement(), REVIEWER, {
      'POST /review/statements/s1/decision': { body: statement({ state: 'awaiting-approval', actions: [] }) },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: texts.statement.accept }));
    expect(await screen.findByText(texts.statement.results.awaitingApproval)).toBeTruthy();
    expect(posts(requests)).toEqual([['/review/statements/s1/decision', { outcome: 'accept' }]]);
  });

  it('rejects only with a reason, shows what the winner will read, and sends the internal note', async () => {
    const { requests, user } = open(statement(), REVIEWER, {
      'POST /review/statements/s1/decision': {
        body: statement({
          state: 'rejected',
          final: {
            outcome: 'reject',
            at: '2025-07-11T08:00:00.000Z',
            undoUntil: '2099-01-01T00:00:00.000Z',
            canUndo: true,
          },
          actions: ['undo'],
        }),
      },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: texts.statement.reject }));
    expect(document.activeElement).toBe(screen.getByLabelText(texts.statement.reason));
    expect(screen.getByText(texts.statement.noteHint)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: texts.statement.rejectSubmit }));
    expect(await screen.findByText(texts.statement.reasonRequired)).toBeTruthy();
    expect(posts(requests)).toEqual([]);

    await user.selectOptions(screen.getByLabelText(texts.statement.reason), 'Nieczytelny kupon');
    expect(screen.getByText(texts.statement.winnerWillRead).nextSibling?.textContent).toBe(
      'Zdjęcie kuponu jest nieczytelne, więc nie możemy sprawdzić kodu.',
    );
    // N in the note is a letter.
    await user.type(screen.getByLabelText(texts.statement.note), 'Kod nieczytelny na zdjęciu.');
    await user.click(screen.getByRole('button', { name: texts.statement.rejectSubmit }));

    expect(await screen.findByText(new RegExp(`^${texts.statement.results.rejected}`))).toBeTruthy();
    expect(posts(requests)).toEqual([
      [
        '/review/statements/s1/decision',
        { outcome: 'reject', reason: 'unreadable-coupon', note: 'Kod nieczytelny na zdjęciu.' },
      ],
    ]);
    expect(screen.getByRole('button', { name: texts.statement.undo })).toBeTruthy();
  });

  it('an approver confirms, or sends back with a note', async () => {
    const waiting = statement({
      state: 'awaiting-approval',
      reviewer: { email: 'ewa@organizator.pl', me: false },
      actions: ['approve', 'send-back'],
    });
    const { requests, user } = open(waiting, APPROVER, {
      'POST /review/statements/s1/approval': ({ body }) => ({
        body:
          (body as { outcome: string }).outcome === 'confirm'
            ? statement({ state: 'accepted', actions: [] })
            : statement({ state: 'in-review', actions: [] }),
      }),
    });
    await heading();
    // No 'Weź następne' for an approver.
    expect(screen.queryByRole('button', { name: texts.review.takeNext })).toBeNull();
    await user.type(screen.getByLabelText(texts.statement.note), 'Brak podpisu.');
    await user.click(screen.getByRole('button', { name: texts.statement.sendBack }));
    expect(await screen.findByText(texts.statement.results.sentBack)).toBeTruthy();
    expect(posts(requests)).toEqual([
      ['/review/statements/s1/approval', { outcome: 'send-back', note: 'Brak podpisu.' }],
    ]);
  });

  it('marks a decision the approver sent back, with their note, for the reviewer who holds it', async () => {
    open(
      statement({
        state: 'in-review',
        reviewer: { email: 'ewa@organizator.pl', me: true },
        approval: {
          outcome: 'send-back',
          by: 'jan@organizator.pl',
          at: '2025-07-11T09:00:00.000Z',
          note: 'Sprawdź PESEL.',
        },
        actions: ['decide', 'give-back'],
      }),
    );
    await heading();
    expect(within(decision()).getByText(texts.statement.sentBackHeading)).toBeTruthy();
    expect(
      within(decision()).getByText(
        fill(texts.statement.sentBackBy, { by: 'jan@organizator.pl', at: '2025-07-11 11:00:00' }),
        { exact: false },
      ),
    ).toBeTruthy();
    expect(within(decision()).getByText('Uwaga zatwierdzającego: Sprawdź PESEL.')).toBeTruthy();
  });

  it("'Oddaj do kolejki' gives a held statement back", async () => {
    const { requests, user } = open(
      statement({ state: 'in-review', actions: ['decide', 'give-back'] }),
      REVIEWER,
      {
        'POST /review/statements/s1/give-back': {
          body: statement({ state: 'received', reviewer: null, actions: ['take'] }),
        },
      },
    );
    await heading();
    await user.click(screen.getByRole('button', { name: texts.statement.giveBack }));
    expect(await screen.findByText(texts.statement.results.givenBack)).toBeTruthy();
    expect(posts(requests)).toEqual([['/review/statements/s1/give-back', {}]]);
    expect(screen.getByRole('button', { name: texts.statement.take })).toBeTruthy();
  });

  it('an approver releases what someone else holds; without an action the page says who decides', async () => {
    const held = statement({
      state: 'in-review',
      reviewer: { email: 'ewa@organizator.pl', me: false },
      actions: ['release'],
    });
    const { requests, user } = open(held, APPROVER, {
      'POST /review/statements/s1/release': {
        body: statement({ state: 'received', reviewer: null, actions: [] }),
      },
    });
    await heading();
    expect(screen.getByText(fill(texts.statement.releaseHint, { email: 'ewa@organizator.pl' }))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: texts.statement.release }));
    expect(await screen.findByText(texts.statement.results.released)).toBeTruthy();
    expect(posts(requests)).toEqual([['/review/statements/s1/release', {}]]);
    expect(within(decision()).getByText(texts.statement.whoActs.received)).toBeTruthy();
  });

  it('tells a colleague who holds the statement who decides', async () => {
    open(
      statement({ state: 'in-review', reviewer: { email: 'ola@organizator.pl', me: false }, actions: [] }),
    );
    await heading();
    expect(
      within(decision()).getByText(
        fill(texts.statement.whoActs['in-review'], { email: 'ola@organizator.pl' }),
      ),
    ).toBeTruthy();
  });

  it('an approver confirms with one button', async () => {
    const waiting = statement({ state: 'awaiting-approval', actions: ['approve', 'send-back'] });
    const { requests, user } = open(waiting, APPROVER, {
      'POST /review/statements/s1/approval': { body: statement({ state: 'accepted', actions: [] }) },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: texts.statement.approve }));
    expect(await screen.findByText(texts.statement.results.accepted)).toBeTruthy();
    expect(posts(requests)).toEqual([['/review/statements/s1/approval', { outcome: 'confirm' }]]);
  });

  it.each([
    [409, 'Ktoś inny już zdecydował w sprawie tego oświadczenia.'],
    [403, 'Nie możesz zatwierdzić własnej decyzji.'],
  ])('says a %i and asks for the statement again', async (status, message) => {
    let refused = false;
    const { requests, user } = open(statement(), REVIEWER, {
      'GET /review/statements/s1': () => ({
        body: refused
          ? statement({
              state: 'accepted',
              reviewer: { email: 'ola@organizator.pl', me: false },
              actions: [],
            })
          : statement(),
      }),
      'POST /review/statements/s1/decision': () => {
        refused = true;
        return { status, body: { message } };
      },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: texts.statement.accept }));
    const alert = await screen.findByText(message);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(await screen.findByText('ola@organizator.pl')).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.statement.accept })).toBeNull();
    expect(reads(requests)).toHaveLength(2);
  });

  it("'Cofnij' counts the seconds down on the clock, and goes when the window ends", async () => {
    vi.useFakeTimers({ now: new Date('2025-07-11T08:00:00.000Z'), shouldAdvanceTime: true });
    const decided = statement({
      state: 'accepted',
      final: {
        outcome: 'accept',
        at: '2025-07-11T08:00:00.000Z',
        undoUntil: '2025-07-11T08:02:00.000Z',
        canUndo: true,
      },
      actions: ['undo'],
    });
    open(decided);
    const undo = await screen.findByRole('button', { name: texts.statement.undo });
    const left = () =>
      Number(/przez (\d+) s/.exec(screen.getByText(/Decyzję możesz cofnąć/).textContent!)![1]);
    expect(left()).toBeGreaterThan(110);
    expect(left()).toBeLessThanOrEqual(120);

    undo.focus();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(left()).toBeGreaterThan(50);
    expect(left()).toBeLessThanOrEqual(60);

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByRole('button', { name: texts.statement.undo })).toBeNull();
    expect(screen.getByText(texts.statement.undoEnded)).toBeTruthy();
    // The focus was on the button that went: it goes to the decision's heading.
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: texts.statement.decisionHeading }),
    );
  });

  it("'Cofnij' undoes within the window", async () => {
    const decided = statement({
      state: 'accepted',
      final: {
        outcome: 'accept',
        at: '2025-07-11T08:00:00.000Z',
        undoUntil: '2099-01-01T00:00:00.000Z',
        canUndo: true,
      },
      actions: ['undo'],
    });
    const { requests, user } = open(decided, REVIEWER, {
      'POST /review/statements/s1/undo': { body: statement() },
    });
    await user.click(await screen.findByRole('button', { name: texts.statement.undo }));
    expect(await screen.findByText(texts.statement.results.undone)).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.statement.accept })).toBeTruthy();
    expect(posts(requests)).toEqual([['/review/statements/s1/undo', {}]]);
  });

  it('passes a lost prize to the reserve after a confirmation, then shows the statement again', async () => {
    let passed = false;
    const { requests, user } = open(statement(), APPROVER, {
      'GET /review/statements/s1': () => ({
        body: statement({
          state: 'rejected',
          lost: passed ? 'passed-to-reserve' : 'reserve-available',
          actions: passed ? [] : ['pass-to-reserve'],
        }),
      }),
      'POST /review/claims/c1/reserve': () => {
        passed = true;
        return { body: { claimId: 'c9', code: 'NOWY1234KOD', reserve: 2 } };
      },
    });
    await heading();
    expect(screen.getByText('Można przekazać rezerwowemu')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Przekaż rezerwowemu nagrodę kodu A1B2C3D4E5F' }));
    expect(posts(requests)).toEqual([]);
    await user.click(screen.getByRole('button', { name: texts.reserve.yes }));

    expect(
      await screen.findByText('Przekazano nagrodę rezerwowemu nr 2: nowe zgłoszenie, kod NOWY1234KOD.'),
    ).toBeTruthy();
    expect(await screen.findByText('Przekazano rezerwowemu')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Przekaż rezerwowemu/ })).toBeNull();
    expect(posts(requests)).toEqual([['/review/claims/c1/reserve', {}]]);
  });

  it('the key N takes the next statement of any tier (none was chosen), the focus on the new heading; not while typing', async () => {
    const { requests, user, whereabouts } = open(statement({ tier: 'III' }), REVIEWER, {
      'POST /review/next': { body: { id: 's2' } },
      'GET /review/statements/s2': { body: statement({ id: 's2', reference: 'DRUGIE-02', tier: 'III' }) },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: texts.statement.reject }));
    await user.type(screen.getByLabelText(texts.statement.note), 'nn');
    await user.click(screen.getByRole('button', { name: texts.statement.rejectCancel }));
    expect(requests.some((request) => request.path === '/review/next')).toBe(false);

    await user.keyboard('n');
    const next = await screen.findByRole('heading', { level: 1, name: 'Oświadczenie DRUGIE-02' });
    expect(whereabouts()).toBe('/oswiadczenia/s2');
    await vi.waitFor(() => expect(document.activeElement).toBe(next));
    expect(posts(requests)).toEqual([['/review/next', {}]]);
  });

  it("says the server's message for an unknown statement", async () => {
    renderPanel('/oswiadczenia/zz', {
      'GET /session': { body: REVIEWER },
      'GET /review/statements/zz': { status: 404, body: { message: 'Nie ma takiego oświadczenia.' } },
    });
    expect(await screen.findByText('Nie ma takiego oświadczenia.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: texts.statement.title })).toBeTruthy();
  });
  it('says the real undo window (20 s), stops saying it when it ends, and shows what may be done then', async () => {
    vi.useFakeTimers({ now: new Date('2025-07-11T08:00:00.000Z'), shouldAdvanceTime: true });
    let ended = false;
    const rejected = (actions: string[]) =>
      statement({
        state: 'rejected',
        final: {
          outcome: 'reject',
          at: '2025-07-11T08:00:00.000Z',
          undoUntil: '2025-07-11T08:00:20.000Z',
          canUndo: !ended,
        },
        lost: ended ? 'reserve-available' : null,
        actions: actions as ReviewStatement['actions'],
      });
    const { requests, user } = open(
      statement({ tier: 'I', state: 'awaiting-approval', actions: ['approve', 'send-back'] }),
      APPROVER,
      {
        'POST /review/statements/s1/approval': () => ({ body: rejected(['undo']) }),
        'GET /review/statements/s1': () => ({
          body: ended
            ? rejected(['pass-to-reserve'])
            : statement({ tier: 'I', state: 'awaiting-approval', actions: ['approve', 'send-back'] }),
        }),
      },
    );
    await user.click(await screen.findByRole('button', { name: texts.statement.approve }));
    expect(
      await screen.findByText('Oświadczenie odrzucone. Przez 20 sekund możesz jeszcze cofnąć decyzję.'),
    ).toBeTruthy();
    expect(screen.queryByText(/2 minuty/)).toBeNull();
    expect(reads(requests)).toHaveLength(1);

    ended = true;
    act(() => {
      vi.advanceTimersByTime(21_000);
    });
    // Without a reload: the statement is asked for again once, and the reserve button comes.
    expect(
      await screen.findByRole('button', { name: 'Przekaż rezerwowemu nagrodę kodu A1B2C3D4E5F' }),
    ).toBeTruthy();
    expect(reads(requests)).toHaveLength(2);
    expect(screen.getByText(texts.statement.results.rejected)).toBeTruthy();
    expect(screen.queryByText(/możesz jeszcze cofnąć/)).toBeNull();
  });

  it('keeps a rejection begun over a session that ended and a remount, then clears it once sent', async () => {
    const first = open(statement(), REVIEWER, {
      'POST /review/statements/s1/decision': { status: 401, body: { message: 'Sesja wygasła.' } },
    });
    await heading();
    await first.user.click(screen.getByRole('button', { name: texts.statement.reject }));
    await first.user.selectOptions(screen.getByLabelText(texts.statement.reason), 'Nieczytelny kupon');
    await first.user.type(screen.getByLabelText(texts.statement.note), 'Kod rozmazany.');
    await first.user.click(screen.getByRole('button', { name: texts.statement.rejectSubmit }));
    // The login page says what happened, and that the draft waits.
    await vi.waitFor(() => expect(first.whereabouts()).toBe('/logowanie'));
    expect(screen.getByText(texts.login.sessionEnded)).toBeTruthy();
    expect(screen.getByText(texts.login.draftKept)).toBeTruthy();
    // Nothing unsent reached the server but the one call that failed.
    expect(posts(first.requests)).toHaveLength(1);
    first.view.unmount();

    const second = open(statement(), REVIEWER, {
      'POST /review/statements/s1/decision': {
        body: statement({ state: 'rejected', actions: [] }),
      },
    });
    await heading();
    expect(screen.getByLabelText<HTMLSelectElement>(texts.statement.reason).value).toBe('unreadable-coupon');
    expect(screen.getByLabelText<HTMLTextAreaElement>(texts.statement.note).value).toBe('Kod rozmazany.');
    await second.user.click(screen.getByRole('button', { name: texts.statement.rejectSubmit }));
    expect(await screen.findByText(texts.statement.results.rejected)).toBeTruthy();
    expect(posts(second.requests)).toEqual([
      [
        '/review/statements/s1/decision',
        { outcome: 'reject', reason: 'unreadable-coupon', note: 'Kod rozmazany.' },
      ],
    ]);
    expect(sessionStorage.length).toBe(0);
    second.view.unmount();

    // Sent: another visit starts with nothing.
    open(statement());
    await heading();
    expect(screen.queryByLabelText(texts.statement.note)).toBeNull();
  });

  it("keeps the approver's half-written note over a reload", async () => {
    const waiting = statement({ tier: 'I', state: 'awaiting-approval', actions: ['approve', 'send-back'] });
    const first = open(waiting, APPROVER);
    await first.user.type(await screen.findByLabelText(texts.statement.note), 'Sprawdź IBAN');
    first.view.unmount();
    open(waiting, APPROVER);
    expect((await screen.findByLabelText<HTMLTextAreaElement>(texts.statement.note)).value).toBe(
      'Sprawdź IBAN',
    );
  });
});
