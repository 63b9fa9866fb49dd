import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { startRegistration } from '@simplewebauthn/browser';
import texts from '#content/panel.json';
import staffMessages from '#content/staff-messages.json';
import { renderPanel } from '../../helpers';

vi.mock('@simplewebauthn/browser', () => import('../../webauthn-mock'));

const TOKEN = 'zT9xQ2-invitation_token';
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Panel', id: 'localhost' }, timeout: 60_000 };
const ATTESTATION = {
  id: 'key-1',
  rawId: 'key-1',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};
const PERSON = { email: 'nowa@example.pl', roles: ['reviewer', 'auditor'] };

beforeEach(() => vi.mocked(startRegistration).mockResolvedValue(ATTESTATION as never));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function server() {
  let registered = false;
  return {
    'POST /registration/options': { body: { ...PERSON, options: OPTIONS } },
    'POST /registration': () => {
      registered = true;
      return { body: PERSON };
    },
    'GET /session': () =>
      registered
        ? { body: { ...PERSON, idleMinutes: 30, endsAt: '2025-07-16T16:00:00Z' } }
        : { status: 401, body: { message: 'Zaloguj się.' } },
    'GET /overview': {
      body: {
        tiers: [],
        mail: [],
        complaints: { open: 0, overdue: 0 },
        issue: [],
        issueDeadline: '2026-01-31',
      },
    },
  };
}

describe('invitation page', () => {
  it('reads the token from the fragment, shows who is invited, registers a passkey and lands logged in', async () => {
    const { user, requests, whereabouts } = renderPanel(`/zaproszenie#${TOKEN}`, server());

    expect(await screen.findByText(PERSON.email)).toBeTruthy();
    expect(screen.getByText('Weryfikacja oświadczeń, Audytor')).toBeTruthy();
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/registration/options',
      body: { token: TOKEN },
    });

    await user.click(screen.getByRole('button', { name: 'Zarejestruj klucz dostępu' }));
    expect(await screen.findByRole('heading', { level: 1, name: texts.overview.title })).toBeTruthy();
    expect(whereabouts()).toBe('/');
    expect(vi.mocked(startRegistration)).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(requests[1]).toMatchObject({
      method: 'POST',
      path: '/registration',
      body: { token: TOKEN, response: ATTESTATION },
    });
    // The token travels in bodies only, never in an address the server (or its log) sees.
    expect(requests.filter((request) => request.url.includes(TOKEN))).toEqual([]);
    expect(screen.getByText(`Zalogowano jako ${PERSON.email}`)).toBeTruthy();
  });

  it("says the server's one sentence for an unknown, used or expired invitation, with a way to the login", async () => {
    const { user, whereabouts } = renderPanel(`/zaproszenie#${TOKEN}`, {
      'POST /registration/options': { status: 404, body: { message: staffMessages.invitationUnknown } },
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(staffMessages.invitationUnknown);
    expect(alert.textContent!.match(/[.:!?]\s*[A-ZĄĆĘŁŃÓŚŹŻ]/g)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zarejestruj klucz dostępu' })).toBeNull();
    await user.click(screen.getByRole('link', { name: texts.invitation.toLogin }));
    expect(await screen.findByRole('heading', { level: 1, name: texts.login.title })).toBeTruthy();
    expect(whereabouts()).toBe('/logowanie');
  });

  it('asks the server nothing when the address has no token, and leads to the login', async () => {
    const { requests } = renderPanel('/zaproszenie', server());
    const notice = await screen.findByText(texts.invitation.noToken);
    expect(notice.textContent!.match(/[.:!?]\s*[A-ZĄĆĘŁŃÓŚŹŻ]/g)).toBeNull();
    expect(screen.getByRole('link', { name: texts.invitation.toLogin }).getAttribute('href')).toBe(
      '/logowanie',
    );
    expect(requests).toEqual([]);
  });

  it('after a reset, the recovery link’s page says so, and registers the new passkey the same way', async () => {
    const { user, requests, whereabouts } = renderPanel(`/odzyskiwanie#${TOKEN}`, server());
    expect(await screen.findByRole('heading', { level: 1, name: texts.recovery.title })).toBeTruthy();
    expect(await screen.findByText(texts.recovery.intro)).toBeTruthy();
    expect(screen.getByText(texts.recovery.for).nextElementSibling?.textContent).toBe(PERSON.email);
    await user.click(screen.getByRole('button', { name: 'Zarejestruj klucz dostępu' }));
    expect(await screen.findByRole('heading', { level: 1, name: texts.overview.title })).toBeTruthy();
    expect(whereabouts()).toBe('/');
    expect(requests.slice(0, 2).map((request) => [request.path, request.body])).toEqual([
      ['/registration/options', { token: TOKEN }],
      ['/registration', { token: TOKEN, response: ATTESTATION }],
    ]);
  });
});
