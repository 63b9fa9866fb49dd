import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import texts from '#content/panel.json';
import { ADMIN, renderPanel } from '../../helpers';

vi.mock('@simplewebauthn/browser', () => import('../../webauthn-mock'));

const OPTIONS = { challenge: 'c2VydmVy', userVerification: 'required', rpId: 'localhost' };
const ASSERTION = {
  id: 'key-1',
  rawId: 'key-1',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};

beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The server of a person who has no session until they log in. */
function server(
  login: { status?: number; body?: unknown } = { body: { email: ADMIN.email, roles: ADMIN.roles } },
) {
  let loggedIn = false;
  return {
    'POST /login/options': { body: OPTIONS },
    'POST /login': () => {
      loggedIn = (login.status ?? 200) === 200;
      return login;
    },
    'GET /session': () => (loggedIn ? { body: ADMIN } : { status: 401, body: { message: 'Zaloguj się.' } }),
    'GET /overview': {
      body: {
        tiers: [],
        mail: [],
        complaints: { open: 0, overdue: 0 },
        issue: [],
        issueDeadline: '2026-01-31',
      },
    },
    'GET /passkeys': { body: [] },
    'GET /sessions': { body: [] },
  };
}

describe('login page', () => {
  it('logs in with a passkey: options, the browser dialog, the assertion sent, then the first screen', async () => {
    const { user, requests, whereabouts } = renderPanel('/logowanie', server());
    await user.click(screen.getByRole('button', { name: 'Zaloguj się kluczem dostępu' }));

    expect(await screen.findByRole('heading', { level: 1, name: texts.overview.title })).toBeTruthy();
    expect(whereabouts()).toBe('/');
    expect(vi.mocked(startAuthentication)).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const [options, login] = requests;
    expect([options!.method, options!.path, options!.body]).toEqual(['POST', '/login/options', {}]);
    expect([login!.method, login!.path, login!.body]).toEqual(['POST', '/login', { response: ASSERTION }]);
    for (const sent of [options!, login!]) {
      expect(sent.init.credentials).toBe('same-origin');
      expect(sent.init.headers).toMatchObject({ 'content-type': 'application/json' });
    }
  });

  it('sends a person without a session to the login page, and back where they were headed after it', async () => {
    const { user, whereabouts } = renderPanel('/klucze', server());
    const button = await screen.findByRole('button', { name: 'Zaloguj się kluczem dostępu' });
    expect(whereabouts()).toBe('/logowanie');
    // A person who had no session in this tab is not told that one ended.
    expect(screen.queryByText(texts.login.sessionEnded)).toBeNull();
    await user.click(button);

    await screen.findByRole('heading', { level: 1, name: texts.passkeys.title });
    expect(whereabouts()).toBe('/klucze');
  });

  it("shows the server's message when the passkey does not check, and stays", async () => {
    const message = 'Ten klucz dostępu nie jest zarejestrowany w panelu.';
    const { user, whereabouts } = renderPanel('/logowanie', server({ status: 401, body: { message } }));
    await user.click(screen.getByRole('button', { name: 'Zaloguj się kluczem dostępu' }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(whereabouts()).toBe('/logowanie');
  });

  it('says in Polish that the passkey dialog was cancelled', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const { user, requests } = renderPanel('/logowanie', server());
    await user.click(screen.getByRole('button', { name: 'Zaloguj się kluczem dostępu' }));

    expect((await screen.findByRole('alert')).textContent).toBe(texts.passkey.cancelled);
    expect(requests.map((request) => request.path)).toEqual(['/login/options']);
  });

  it('says in Polish that the browser has no passkeys, before asking the server for anything', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    const { user, requests } = renderPanel('/logowanie', server());
    await user.click(screen.getByRole('button', { name: 'Zaloguj się kluczem dostępu' }));

    expect((await screen.findByRole('alert')).textContent).toBe(texts.passkey.unsupported);
    await waitFor(() => expect(requests).toEqual([]));
  });
});
