import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import texts from '#content/panel.json';
import { ADMIN, renderPanel, type Route } from './helpers';

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
  it('invites: the e-mail and role go to the server, the link comes back whole with a copy button', async () => {
    const { user, requests } = team({
      'POST /staff/invitations': ({ body }) => ({
        body: { ...(body as object), link: '/panel/zaproszenie#T0k3n' },
      }),
    });
    await user.type(await screen.findByLabelText(texts.team.email), 'nowy@example.pl');
    await user.selectOptions(screen.getByLabelText(texts.team.role), 'Audytor');
    await user.click(screen.getByRole('button', { name: 'Zaproś' }));

    const link = await screen.findByLabelText<HTMLInputElement>(texts.team.link);
    expect(link.value).toBe(`${window.location.origin}/panel/zaproszenie#T0k3n`);
    expect(screen.getByText(/Zaproszenie dla nowy@example.pl \(Audytor\) jest gotowe/).textContent).toContain(
      'prywatnie',
    );
    expect(screen.getByRole('button', { name: texts.team.copy })).toBeTruthy();
    const sent = requests.find((request) => request.path === '/staff/invitations')!;
    expect([sent.method, sent.body]).toEqual(['POST', { email: 'nowy@example.pl', role: 'auditor' }]);
    expect(sent.init.headers).toMatchObject({ 'content-type': 'application/json' });
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

  it('saving one’s own roles says they were saved and keeps the person working with them', async () => {
    let roles = ['admin'];
    const { user } = team({
      'GET /session': () => ({ body: { ...ADMIN, roles } }),
      'PUT /staff/p1/roles': ({ body }) => {
        roles = (body as { roles: string[] }).roles;
        return { body: { id: 'p1', email: ADMIN.email, roles } };
      },
    });
    const own = within(await card('admin@example.pl'));
    expect(own.getByText(texts.team.ownRolesHint)).toBeTruthy();
    expect(within(await card('anna@example.pl')).queryByText(texts.team.ownRolesHint)).toBeNull();
    await user.click(own.getByRole('checkbox', { name: 'Audytor' }));
    await user.click(own.getByRole('button', { name: texts.team.saveRoles }));

    expect(
      await own.findByText(/Zapisano Twoje role: Administrator, Audytor\. Działają od razu/),
    ).toBeTruthy();
    // The menu offers the new role's page at once, with no login in between.
    expect(await screen.findByRole('link', { name: texts.nav.audit })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: texts.team.title })).toBeTruthy();
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
      'POST /staff/invitations': ({ body }) => ({
        body: { ...(body as object), link: '/panel/zaproszenie#N0wy' },
      }),
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
    expect(await screen.findByLabelText(texts.team.link)).toBeTruthy();
    expect(requests.find((request) => request.path === '/staff/invitations')?.body).toEqual({
      email: 'spozniona@example.pl',
      role: 'payout',
    });
  });

  it("revokes only after a confirmation, and shows the server's 409", async () => {
    const message = 'Nie można odebrać dostępu ostatniemu administratorowi.';
    const { user, requests } = team({ 'DELETE /staff/p1': { status: 409, body: { message } } });
    const admin = within(await card('admin@example.pl'));
    await user.click(admin.getByRole('button', { name: texts.team.revoke }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(admin.getByText(/Odebrać dostęp osobie admin@example.pl\?/)).toBeTruthy();

    await user.click(admin.getByRole('button', { name: texts.team.revokeYes }));
    expect(await admin.findByText(message)).toBeTruthy();
    await vi.waitFor(() =>
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
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe(texts.team.revoke));
  });
});
