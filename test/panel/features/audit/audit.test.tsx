import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import texts from '#content/panel.json';
import { AUDITOR, bodyCells, renderPanel, type SentRequest } from '../../helpers';

afterEach(() => vi.unstubAllGlobals());

const entry = (seq: number, action: string) => ({
  seq,
  at: '2025-07-16T10:03:05.000Z',
  actor: 'p1',
  action,
  subject: 'p2',
  reason: null,
  details: { via: 'passkey' },
});

/** The trail: a first page with a `next`, and an older one without. */
const trail = ({ query }: SentRequest) =>
  query.has('before')
    ? { body: { entries: [entry(1, 'statements-exported')], next: null } }
    : {
        body: {
          entries: [entry(52, 'login'), entry(51, 'some-new-action')],
          next: 51,
          people: { p1: 'anna@example.pl', p2: 'jan@example.pl' },
        },
      };

const auditCalls = (requests: SentRequest[]) =>
  requests.filter((request) => request.path === '/audit').map((request) => request.url);

describe('audit trail page (auditor)', () => {
  it('shows entries with Polish action names, Warsaw time and the people’s e-mails', async () => {
    renderPanel('/dziennik', { 'GET /session': { body: AUDITOR }, 'GET /audit': trail });
    const table = await screen.findByRole('table', { name: texts.audit.caption });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '52',
      '2025-07-16 12:03:05',
      'anna@example.pl',
      'Logowanie',
      'jan@example.pl',
      '—',
      'Sposób: kluczem dostępu',
    ]);
    expect(within(second!).getByText('some-new-action')).toBeTruthy();
  });

  it('says who tried a passkey nobody has, and why a login failed, in Polish', async () => {
    renderPanel('/dziennik', {
      'GET /session': { body: AUDITOR },
      'GET /audit': {
        body: {
          entries: [
            {
              ...entry(3, 'login-failed'),
              details: { failure: 'counter-not-increased', during: 'reauth' },
            },
            {
              ...entry(2, 'login-failed'),
              actor: 'anonymous',
              subject: null,
              details: { failure: 'unknown-passkey', during: 'login' },
            },
          ],
          next: null,
          people: { p1: 'anna@example.pl', p2: 'anna@example.pl' },
        },
      },
    });
    const table = await screen.findByRole('table', { name: texts.audit.caption });
    expect(bodyCells(table).map((cells) => cells.slice(2))).toEqual([
      [
        'anna@example.pl',
        'Nieudane logowanie',
        'anna@example.pl',
        '—',
        'Przyczyna: licznik klucza nie wzrósł (możliwa kopia klucza)Sytuacja: ponowne potwierdzenie kluczem',
      ],
      [
        texts.audit.anonymous,
        'Nieudane logowanie',
        '—',
        '—',
        'Przyczyna: klucz dostępu nieznany (albo cudzy)Sytuacja: logowanie',
      ],
    ]);
  });

  it('turns the filters into query parameters, and pages to older entries with `next`', async () => {
    const { user, requests, whereabouts } = renderPanel('/dziennik', {
      'GET /session': { body: AUDITOR },
      'GET /audit': trail,
    });
    await screen.findByRole('table', { name: texts.audit.caption });
    await user.type(screen.getByLabelText(texts.audit.reference), 'ABCD-2345');
    await user.selectOptions(screen.getByLabelText(texts.audit.action), 'Logowanie');
    await user.type(screen.getByLabelText(texts.audit.actor), 'p1');
    await user.type(screen.getByLabelText(texts.audit.from), '2025-07-01');
    await user.type(screen.getByLabelText(texts.audit.to), '2025-07-31');
    await user.click(screen.getByRole('button', { name: texts.audit.apply }));

    await waitFor(() =>
      expect(auditCalls(requests).at(-1)).toBe(
        '/panel/api/audit?reference=ABCD-2345&action=login&actor=p1&from=2025-07-01&to=2025-07-31',
      ),
    );
    expect(whereabouts()).toBe(
      '/dziennik?reference=ABCD-2345&action=login&actor=p1&from=2025-07-01&to=2025-07-31',
    );

    await user.click(await screen.findByRole('button', { name: texts.audit.older }));
    await waitFor(() =>
      expect(auditCalls(requests).at(-1)).toBe(
        '/panel/api/audit?reference=ABCD-2345&action=login&actor=p1&from=2025-07-01&to=2025-07-31&before=51',
      ),
    );
    const older = screen.getByRole('table', { name: texts.audit.caption });
    expect(await within(older).findByText('Eksport oświadczeń')).toBeTruthy();
    // The last page has no `next`: nothing older to ask for.
    expect(screen.queryByRole('button', { name: texts.audit.older })).toBeNull();

    await user.click(screen.getByRole('button', { name: texts.audit.newest }));
    await waitFor(() =>
      expect(whereabouts()).toBe(
        '/dziennik?reference=ABCD-2345&action=login&actor=p1&from=2025-07-01&to=2025-07-31',
      ),
    );
  });

  it('asks for the whole trail with no filters', async () => {
    const { requests } = renderPanel('/dziennik', { 'GET /session': { body: AUDITOR }, 'GET /audit': trail });
    await screen.findByRole('table', { name: texts.audit.caption });
    expect(auditCalls(requests)).toEqual(['/panel/api/audit']);
  });

  it('names the review and payout actions in Polish, with the reason of a look by its label', async () => {
    renderPanel('/dziennik', {
      'GET /session': { body: AUDITOR },
      'GET /audit': {
        body: {
          entries: [
            {
              ...entry(5, 'photo-viewed'),
              subject: 's1',
              reason: 'coupon',
              details: { note: 'Kod z kuponu' },
            },
            {
              ...entry(4, 'statement-revealed'),
              subject: 's1',
              reason: 'identity',
              details: { field: 'pesel' },
            },
            // Made before the list: the words typed.
            { ...entry(3, 'statement-revealed'), subject: 's1', reason: 'Zgodność z dowodem', details: null },
            { ...entry(2, 'decision-undone'), subject: 's1' },
            { ...entry(1, 'payouts-exported'), subject: null, details: { count: 3 } },
          ],
          next: null,
        },
      },
    });
    const table = await screen.findByRole('table', { name: texts.audit.caption });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent)
          .slice(3, 7),
      ),
    ).toEqual([
      ['Obejrzenie zdjęcia kuponu', 's1', 'Porównanie z kuponem', 'Notatka: Kod z kuponu'],
      ['Wgląd w ukryte dane oświadczenia', 's1', 'Sprawdzenie tożsamości', 'Pole: PESEL'],
      ['Wgląd w ukryte dane oświadczenia', 's1', 'Zgodność z dowodem', '—'],
      ['Cofnięcie decyzji', 's1', '—', 'Sposób: kluczem dostępu'],
      ['Pobranie pliku wypłat', '—', '—', 'Liczba: 3'],
    ]);
  });

  it('ties entries to winners: statements by reference, claims by code, details in Polish words', async () => {
    renderPanel('/dziennik', {
      'GET /session': { body: AUDITOR },
      'GET /audit': {
        body: {
          entries: [
            {
              ...entry(6, 'payouts-exported'),
              subject: null,
              details: { count: 2, statements: ['s1', 's2'] },
            },
            { ...entry(5, 'reserve-promoted'), subject: 'c1', details: { claim: 'c2', reserve: 1 } },
            {
              ...entry(4, 'roles-changed'),
              details: { before: ['reviewer'], after: ['reviewer', 'auditor'] },
            },
            {
              ...entry(3, 'decision'),
              subject: 's1',
              details: { outcome: 'reject', reason: 'wrong-coupon', final: false },
            },
            {
              ...entry(2, 'statement-revealed'),
              subject: 's1',
              reason: 'Zgodność',
              details: { field: 'pesel' },
            },
          ],
          next: null,
          people: { p1: 'anna@example.pl', p2: 'jan@example.pl' },
          statements: { s1: 'ABCD-2345', s2: 'WXYZ-6789' },
          claims: { c1: { code: 'W0000000002', tier: 'WINTO' }, c2: { code: 'W0000000009', tier: 'WINTO' } },
        },
      },
    });
    const table = await screen.findByRole('table', { name: texts.audit.caption });
    const cells = bodyCells(table);
    expect(cells.map((row) => [row[4], row[6]])).toEqual([
      ['—', 'Liczba: 2Oświadczenia: Oświadczenie ABCD-2345, Oświadczenie WXYZ-6789'],
      [
        expect.stringMatching(/^Zgłoszenie kodu W0000000002 \(WinTo!/),
        expect.stringMatching(/^Przekazano na: Zgłoszenie kodu W0000000009 \(.*Rezerwowy nr: 1$/),
      ],
      ['jan@example.pl', 'Role wcześniej: Weryfikacja oświadczeńRole teraz: Weryfikacja oświadczeń, Audytor'],
      [
        'Oświadczenie ABCD-2345',
        'Wynik: odrzuceniePowód odrzucenia: Nieprawidłowy kuponDecyzja ostateczna: nie',
      ],
      ['Oświadczenie ABCD-2345', 'Pole: PESEL'],
    ]);
    expect(screen.queryByText(/"statements"|wrong-coupon|s1/)).toBeNull();
  });

  it('names who acted for whom on an invitation, a reset and a change of roles', async () => {
    renderPanel('/dziennik', {
      'GET /session': { body: AUDITOR },
      'GET /audit': {
        body: {
          entries: [
            { ...entry(5, 'access-reset'), details: { passkeys: 2, sessions: 1 } },
            { ...entry(4, 'passkey-added'), actor: 'p2', details: { via: 'recovery' } },
            { ...entry(3, 'roles-changed'), details: { before: ['reviewer'], after: ['approver'] } },
            { ...entry(2, 'invitation'), details: { role: 'reviewer', roles: ['reviewer'], link: 'mailed' } },
            {
              ...entry(1, 'invitation'),
              actor: 'operator',
              subject: 'p1',
              details: { role: 'admin', roles: ['admin'], link: 'printed' },
            },
          ],
          next: null,
          people: { p1: 'anna@example.pl', p2: 'jan@example.pl' },
        },
      },
    });
    const table = await screen.findByRole('table', { name: texts.audit.caption });
    const cells = bodyCells(table);
    expect(cells.map((row) => [row[2], row[3], row[4], row[6]])).toEqual([
      [
        'anna@example.pl',
        'Zresetowanie dostępu',
        'jan@example.pl',
        'Zakończone klucze dostępu: 2Zakończone sesje: 1',
      ],
      [
        'jan@example.pl',
        'Dodanie klucza dostępu',
        'jan@example.pl',
        'Sposób: z linku po zresetowaniu dostępu',
      ],
      [
        'anna@example.pl',
        'Zmiana ról',
        'jan@example.pl',
        'Role wcześniej: Weryfikacja oświadczeńRole teraz: Zatwierdzanie oświadczeń',
      ],
      [
        'anna@example.pl',
        'Zaproszenie',
        'jan@example.pl',
        'Rola: Weryfikacja oświadczeńRole po zaproszeniu: Weryfikacja oświadczeńLink do rejestracji klucza: wysłany e-mailem do tej osoby',
      ],
      [
        'operator (polecenie na serwerze)',
        'Zaproszenie',
        'anna@example.pl',
        'Rola: AdministratorRole po zaproszeniu: AdministratorLink do rejestracji klucza: wypisany operatorowi na serwerze',
      ],
    ]);
  });
});
