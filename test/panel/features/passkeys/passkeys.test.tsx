import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import texts from '#content/panel.json';
import staffMessages from '#content/staff-messages.json';
import type { Passkey, SessionLine } from '#panel/lib/api-types.ts';
import { ADMIN, bodyCells, renderPanel, type Route } from '../../helpers';

vi.mock('@simplewebauthn/browser', () => import('../../webauthn-mock'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const KEY: Passkey = { id: 'k1', createdAt: '2025-07-01T08:00:00Z', lastUsedAt: '2025-07-16T10:00:00Z' };
const OPTIONS = { challenge: 'bmV3', rp: { name: 'Panel' } };
const ATTESTATION = { id: 'k2', rawId: 'k2', type: 'public-key', response: {}, clientExtensionResults: {} };
const ASSERTION = { id: 'k1', rawId: 'k1', type: 'public-key', response: {}, clientExtensionResults: {} };
const REQUEST_OPTIONS = { challenge: 'c3Byb2Jh', allowCredentials: [{ id: 'k1', type: 'public-key' }] };
const THIS_SESSION: SessionLine = {
  createdAt: '2025-07-16T08:00:00Z',
  lastSeenAt: '2025-07-16T09:30:00Z',
  passkey: { id: 'k1', name: null, createdAt: KEY.createdAt },
  current: true,
};
const NEEDS_CHECK = { status: 428, body: { message: staffMessages.passkeyCheckNeeded } };

/** docs/decisions/staff.md#passkey-check: the server asks for a passkey once, then takes the call. */
function checkedOnce(route: Route): { route: Route; checks: Record<string, Route> } {
  let checked = false;
  return {
    route: (request) => {
      if (!checked) return NEEDS_CHECK;
      return typeof route === 'function' ? route(request) : route;
    },
    checks: {
      'POST /reauth/options': { body: REQUEST_OPTIONS },
      'POST /reauth': () => {
        checked = true;
        return { status: 204 };
      },
    },
  };
}

describe('own passkeys page', () => {
  it('adds one more passkey: options, the dialog, the registration, the list again', async () => {
    vi.mocked(startRegistration).mockResolvedValue(ATTESTATION as never);
    let keys = [KEY];
    const { user, requests } = renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /sessions': { body: [THIS_SESSION] },
      'GET /passkeys': () => ({ body: keys }),
      'POST /passkeys/options': { body: OPTIONS },
      'POST /passkeys': () => {
        keys = [
          ...keys,
          { id: 'k2', name: 'Laptop służbowy', createdAt: '2025-07-16T11:00:00Z', lastUsedAt: null },
        ];
        return { body: keys[1] };
      },
    });
    await user.type(await screen.findByLabelText(texts.passkeys.name), 'Laptop służbowy');
    await user.click(await screen.findByRole('button', { name: texts.passkeys.add }));

    expect(await screen.findByText('Dodano klucz dostępu „Laptop służbowy”.')).toBeTruthy();
    expect(vi.mocked(startRegistration)).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.path, request.body])).toEqual([
      ['/passkeys/options', {}],
      ['/passkeys', { response: ATTESTATION, name: 'Laptop służbowy' }],
    ]);
    const table = screen.getByRole('table', { name: texts.passkeys.caption });
    expect(await within(table).findByText('2025-07-16 13:00:00')).toBeTruthy();
  });

  it("removes a passkey with DELETE, and shows the server's refusal of the last one", async () => {
    const message = 'Nie możesz usunąć ostatniego klucza dostępu.';
    const { user, requests } = renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /sessions': { body: [THIS_SESSION] },
      'GET /passkeys': { body: [KEY] },
      'DELETE /passkeys/k1': { status: 409, body: { message } },
    });
    await user.click(await screen.findByRole('button', { name: 'Usuń klucz „Klucz dodany 1.07.2025”' }));
    await user.click(screen.getByRole('button', { name: texts.passkeys.removeYes }));

    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Usuń klucz „Klucz dodany 1.07.2025”' }),
      ),
    );
    const removal = requests.find((request) => request.method === 'DELETE')!;
    expect(removal.path).toBe('/passkeys/k1');
    expect(removal.init.credentials).toBe('same-origin');
    expect(removal.init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('names each passkey, and removes one of two only once asked: 204, the list again without it', async () => {
    let keys: Passkey[] = [
      KEY,
      { id: 'k2', name: 'Safari, iPhone', createdAt: '2025-07-10T08:00:00Z', lastUsedAt: null },
    ];
    const { user, requests } = renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /sessions': { body: [THIS_SESSION] },
      'GET /passkeys': () => ({ body: keys }),
      'DELETE /passkeys/k2': () => {
        keys = [KEY];
        return { status: 204 };
      },
    });
    const table = await screen.findByRole('table', { name: texts.passkeys.caption });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['Klucz dodany 1.07.2025', 'Safari, iPhone']);

    // Asked first, the focus on 'Anuluj': cancelling sends nothing and gives the focus back.
    await user.click(screen.getByRole('button', { name: 'Usuń klucz „Safari, iPhone”' }));
    expect(
      screen.getByText(
        'Usunąć klucz „Safari, iPhone”? Nie zalogujesz się nim więcej, a sesje nim otwarte zakończą się.',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: texts.passkeys.removeNo }));
    await user.click(screen.getByRole('button', { name: texts.passkeys.removeNo }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Usuń klucz „Safari, iPhone”' }),
      ),
    );
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Usuń klucz „Safari, iPhone”' }));
    await user.click(screen.getByRole('button', { name: texts.passkeys.removeYes }));
    expect(await screen.findByText('Usunięto klucz dostępu „Safari, iPhone”.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Usuń klucz/ })).toHaveLength(1));
  });

  it('asks for a passkey first when the server wants a recent check, then adds the new one', async () => {
    vi.mocked(startRegistration).mockResolvedValue(ATTESTATION as never);
    const options = checkedOnce({ body: OPTIONS });
    const { user, requests } = renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /sessions': { body: [THIS_SESSION] },
      'GET /passkeys': { body: [KEY] },
      'POST /passkeys/options': options.route,
      ...options.checks,
      'POST /passkeys': {
        body: { id: 'k2', name: null, createdAt: '2025-07-16T11:00:00Z', lastUsedAt: null },
      },
    });
    // The dialog opens while the page says why.
    vi.mocked(startAuthentication).mockImplementation(async () => {
      await screen.findByText(texts.passkeys.checking);
      return ASSERTION as never;
    });
    await user.click(await screen.findByRole('button', { name: texts.passkeys.add }));

    expect(await screen.findByText('Dodano klucz dostępu „Klucz dodany 16.07.2025”.')).toBeTruthy();
    expect(vi.mocked(startAuthentication)).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    expect(
      requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]),
    ).toEqual([
      ['/passkeys/options', {}],
      ['/reauth/options', {}],
      ['/reauth', { response: ASSERTION }],
      ['/passkeys/options', {}],
      ['/passkeys', { response: ATTESTATION, name: '' }],
    ]);
  });

  it('removes a passkey after the check, and stays on the page when the check fails', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const second: Passkey = { id: 'k2', name: 'Safari, iPhone', createdAt: KEY.createdAt, lastUsedAt: null };
    const refused = 'Ten klucz dostępu nie otwiera panelu.';
    let checks = 0;
    const { user, requests, whereabouts } = renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /sessions': { body: [THIS_SESSION] },
      'GET /passkeys': { body: [KEY, second] },
      'DELETE /passkeys/k2': () => (checks < 2 ? NEEDS_CHECK : { status: 204 }),
      'POST /reauth/options': { body: REQUEST_OPTIONS },
      'POST /reauth': () => {
        checks += 1;
        return checks === 1 ? { status: 401, body: { message: refused } } : { status: 204 };
      },
    });
    const removeSecond = await screen.findByRole('button', { name: 'Usuń klucz „Safari, iPhone”' });
    await user.click(removeSecond);
    await user.click(screen.getByRole('button', { name: texts.passkeys.removeYes }));
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(whereabouts()).toBe('/klucze');

    await user.click(removeSecond);
    await user.click(screen.getByRole('button', { name: texts.passkeys.removeYes }));
    expect(await screen.findByText('Usunięto klucz dostępu „Safari, iPhone”.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(3);
  });

  it('says that removing the key this session was opened with ends this session too', async () => {
    const { user } = renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /sessions': { body: [THIS_SESSION] },
      'GET /passkeys': {
        body: [KEY, { id: 'k2', name: 'Safari, iPhone', createdAt: KEY.createdAt, lastUsedAt: null }],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Usuń klucz „Klucz dodany 1.07.2025”' }));
    expect(
      screen.getByText(
        'Usunąć klucz „Klucz dodany 1.07.2025”? Nie zalogujesz się nim więcej, a sesje nim otwarte zakończą się — także ta: zalogujesz się ponownie innym kluczem.',
      ),
    ).toBeTruthy();
  });
});

describe('own sessions', () => {
  it('lists them newest first with their passkeys, this one marked', async () => {
    renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /passkeys': { body: [KEY] },
      'GET /sessions': {
        body: [
          THIS_SESSION,
          {
            ...THIS_SESSION,
            createdAt: '2025-07-16T07:00:00Z',
            lastSeenAt: '2025-07-16T07:20:00Z',
            current: false,
          },
          {
            createdAt: '2025-07-16T06:00:00Z',
            lastSeenAt: '2025-07-16T06:05:00Z',
            passkey: null,
            current: false,
          },
        ],
      },
    });
    const table = await screen.findByRole('table', { name: texts.passkeys.sessions.caption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Rozpoczęta', 'Ostatnie działanie', 'Klucz dostępu']);
    expect(bodyCells(table)).toEqual([
      ['2025-07-16 10:00:00 (ta sesja)', '2025-07-16 11:30:00', 'Klucz dodany 1.07.2025'],
      ['2025-07-16 09:00:00', '2025-07-16 09:20:00', 'Klucz dodany 1.07.2025'],
      ['2025-07-16 08:00:00', '2025-07-16 08:05:00', texts.passkeys.sessions.unknownPasskey],
    ]);
  });

  it('ends all of them with Wyloguj wszędzie, and says so on the login page', async () => {
    const { user, requests, whereabouts } = renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /passkeys': { body: [KEY] },
      'GET /sessions': { body: [THIS_SESSION] },
      'POST /logout-everywhere': { status: 204 },
    });
    const button = await screen.findByRole('button', { name: texts.passkeys.sessions.endAll });
    expect(button.getAttribute('aria-describedby')).toBe(
      screen.getByText(texts.passkeys.sessions.endAllHint).id,
    );
    await user.click(button);

    expect(await screen.findByText(texts.login.loggedOutEverywhere)).toBeTruthy();
    expect(whereabouts()).toBe('/logowanie');
    expect(requests.find((request) => request.method === 'POST')?.path).toBe('/logout-everywhere');
  });
});
