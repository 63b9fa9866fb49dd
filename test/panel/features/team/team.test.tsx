import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import texts from '#content/panel.json';
import { ADMIN, renderPanel, type Route } from '../../helpers';

afterEach(() => vi.unstubAllGlobals());

const PEOPLE = [
  {
    id: 'p1',
    email: 'admin@example.pl',
    roles: ['admin'],
    passkeys: 2,
    lastLoginAt: '2025-07-16T08:00:00Z',
    invitedUntil: null,
  },
  {
    id: 'p2',
    email: 'anna@example.pl',
    roles: ['reviewer'],
    passkeys: 1,
    lastLoginAt: null,
    invitedUntil: null,
  },
];

function team(routes: Record<string, Route> = {}) {
  return renderPanel('/zespol', {
    'GET /session': { body: ADMIN },
    'GET /staff': { body: { people: PEOPLE } },
    ...routes,
  });
}

const card = async (email: string) =>
  (await screen.findByRole('heading', { level: 3, name: email })).closest('li')!;

describe('team page (admin)', () => {
  it('invites: the e-mail and role go to the server, which e-mails the link; the page shows none', async () => {
    const { user, requests } = team({
      'POST /staff/invitations': ({ body }) => ({ body: { ...(body as object), mailed: true } }),
    });
    await user.type(await screen.findByLabelText(texts.team.email), 'nowy@example.pl');
    await user.selectOptions(screen.getByLabelText(texts.team.role), 'Audytor');
    await user.click(screen.getByRole('button', { name: 'Zaproś' }));

    const status = await screen.findByText(/^Wysłaliśmy zaproszenie na adres nowy@example.pl \(Audytor\)\./);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/zaproszenie#|https?:/);
    expect(screen.queryByRole('textbox', { name: /link/i })).toBeNull();
    const sent = requests.find((request) => request.path === '/staff/invitations')!;
    expect([sent.method, sent.body]).toEqual(['POST', { email: 'nowy@example.pl', role: 'auditor' }]);
    expect(sent.init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('says a person with a passkey got the role alone, with no invitation', async () => {
    const { user } = team({
      'POST /staff/invitations': ({ body }) => ({ body: { ...(body as object), mailed: false } }),
    });
    await user.type(await screen.findByLabelText(texts.team.email), 'anna@example.pl');
    await user.selectOptions(screen.getByLabelText(texts.team.role), 'Wypłaty nagród');
    await user.click(screen.getByRole('button', { name: 'Zaproś' }));
    expect(
      await screen.findByText(
        /^Osoba anna@example.pl ma już konto z kluczem dostępu: dodaliśmy jej rolę Wypłaty nagród, bez zaproszenia\./,
      ),
    ).toBeTruthy();
  });

  it("shows the server's message when an invitation is refused", async () => {
    const message = 'Ta osoba ma już dostęp do panelu.';
    const { user } = team({ 'POST /staff/invitations': { status: 409, body: { message } } });
    await user.type(await screen.findByLabelText(texts.team.email), 'anna@example.pl');
    await user.click(screen.getByRole('button', { name: 'Zaproś' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("changes a person's roles with one PUT of the roles ticked", async () => {
    const { user, requests } = team({
      'PUT /staff/p2/roles': ({ body }) => ({
        body: { id: 'p2', email: 'anna@example.pl', ...(body as object) },
      }),
    });
    const anna = within(await card('anna@example.pl'));
    await user.click(anna.getByRole('checkbox', { name: 'Zatwierdzanie oświadczeń' }));
    await user.click(anna.getByRole('checkbox', { name: 'Weryfikacja oświadczeń' }));
    await user.click(anna.getByRole('checkbox', { name: 'Audytor' }));
    await user.click(anna.getByRole('button', { name: texts.team.saveRoles }));

    expect(
      await anna.findByText(/Zapisano role osoby anna@example.pl: Zatwierdzanie oświadczeń, Audytor\./),
    ).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect([put.path, put.body]).toEqual(['/staff/p2/roles', { roles: ['approver', 'auditor'] }]);
  });

  it('offers no role editing and no reset on one’s own card, and says why', async () => {
    const { requests } = team();
    const own = within(await card('admin@example.pl'));
    expect(own.getByText('Twoje role: Administrator')).toBeTruthy();
    expect(own.getByText(texts.team.ownCard)).toBeTruthy();
    expect(own.queryByRole('checkbox')).toBeNull();
    expect(own.queryByRole('button', { name: texts.team.saveRoles })).toBeNull();
    expect(own.queryByRole('button', { name: texts.team.reset })).toBeNull();
    const anna = within(await card('anna@example.pl'));
    expect(anna.queryByText(texts.team.ownCard)).toBeNull();
    // One box per role (ROLES), complaints included.
    expect(anna.getAllByRole('checkbox')).toHaveLength(6);
    expect(anna.getByRole('button', { name: texts.team.reset })).toBeTruthy();
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('resets a person’s access only after a confirmation, and says the link went to them', async () => {
    const { user, requests } = team({ 'POST /staff/p2/reset': { status: 204 } });
    const anna = within(await card('anna@example.pl'));
    await user.click(anna.getByRole('button', { name: texts.team.reset }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    expect(
      anna.getByText(/^Zresetować dostęp osobie anna@example.pl\? Wszystkie jej klucze dostępu/),
    ).toBeTruthy();
    expect(document.activeElement?.textContent).toBe(texts.team.resetNo);

    await user.click(anna.getByRole('button', { name: texts.team.resetYes }));
    expect(await anna.findByText(/^Zresetowano dostęp osobie anna@example.pl/)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/staff/p2/reset',
    ]);
    await waitFor(() =>
      expect(document.activeElement).toBe(anna.getByRole('button', { name: texts.team.reset })),
    );
    expect(document.body.textContent).not.toMatch(/odzyskiwanie#|https?:/);
  });

  it('shows an invitation that ended unused, and invites that person again from their card', async () => {
    const late = {
      id: 'p3',
      email: 'spozniona@example.pl',
      roles: ['payout'],
      passkeys: 0,
      lastLoginAt: null,
      invitedUntil: null,
      invitationExpiredAt: '2025-07-15T08:00:00Z',
    };
    const { user, requests } = team({
      'GET /staff': { body: { people: [...PEOPLE, late] } },
      'POST /staff/invitations': ({ body }) => ({ body: { ...(body as object), mailed: true } }),
    });
    const card3 = within(await card('spozniona@example.pl'));
    expect(card3.getByText(texts.team.invitationExpired).nextElementSibling?.textContent).toBe(
      '2025-07-15 10:00:00',
    );
    await user.click(card3.getByRole('button', { name: 'Zaproś ponownie spozniona@example.pl' }));

    const email = screen.getByLabelText<HTMLInputElement>(texts.team.email);
    expect(email.value).toBe('spozniona@example.pl');
    expect(document.activeElement).toBe(email);
    expect(screen.getByLabelText<HTMLSelectElement>(texts.team.role).value).toBe('payout');
    await user.click(screen.getByRole('button', { name: 'Zaproś' }));
    expect(await screen.findByText(/^Wysłaliśmy zaproszenie na adres spozniona@example.pl/)).toBeTruthy();
    expect(requests.find((request) => request.path === '/staff/invitations')?.body).toEqual({
      email: 'spozniona@example.pl',
      role: 'payout',
    });
  });

  it("revokes only after a confirmation, and shows the server's 409", async () => {
    const message = 'To ostatni administrator.';
    const { user, requests } = team({ 'DELETE /staff/p1': { status: 409, body: { message } } });
    const admin = within(await card('admin@example.pl'));
    await user.click(admin.getByRole('button', { name: texts.team.revoke }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(admin.getByText(/Odebrać dostęp osobie admin@example.pl\?/)).toBeTruthy();

    await user.click(admin.getByRole('button', { name: texts.team.revokeYes }));
    expect(await admin.findByText(message)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(admin.getByRole('button', { name: texts.team.revoke })),
    );
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/staff/p1',
    ]);
  });

  it('cancelling the confirmation sends nothing and gives the focus back', async () => {
    const { user, requests } = team();
    const anna = within(await card('anna@example.pl'));
    await user.click(anna.getByRole('button', { name: texts.team.revoke }));
    await user.click(anna.getByRole('button', { name: texts.team.revokeNo }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(document.activeElement?.textContent).toBe(texts.team.revoke));
  });
});
