import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { startRegistration } from '@simplewebauthn/browser';
import texts from '#content/panel.json';
import type { Passkey } from '#panel/lib/api-types.ts';
import { ADMIN, renderPanel } from './helpers';

vi.mock('@simplewebauthn/browser', () => import('./webauthn-mock'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const KEY: Passkey = { id: 'k1', createdAt: '2025-07-01T08:00:00Z', lastUsedAt: '2025-07-16T10:00:00Z' };
const OPTIONS = { challenge: 'bmV3', rp: { name: 'Panel' } };
const ATTESTATION = { id: 'k2', rawId: 'k2', type: 'public-key', response: {}, clientExtensionResults: {} };

describe('own passkeys page', () => {
  it('adds one more passkey: options, the dialog, the registration, the list again', async () => {
    vi.mocked(startRegistration).mockResolvedValue(ATTESTATION as never);
    let keys = [KEY];
    const { user, requests } = renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /passkeys': () => ({ body: keys }),
      'POST /passkeys/options': { body: OPTIONS },
      'POST /passkeys': () => {
        keys = [...keys, { id: 'k2', createdAt: '2025-07-16T11:00:00Z', lastUsedAt: null }];
        return { body: keys[1] };
      },
    });
    await user.click(await screen.findByRole('button', { name: texts.passkeys.add }));

    expect(await screen.findByText(texts.passkeys.added)).toBeTruthy();
    expect(vi.mocked(startRegistration)).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.path, request.body])).toEqual([
      ['/passkeys/options', {}],
      ['/passkeys', { response: ATTESTATION }],
    ]);
    const table = screen.getByRole('table', { name: texts.passkeys.caption });
    expect(await within(table).findByText('2025-07-16 13:00:00')).toBeTruthy();
  });

  it("removes a passkey with DELETE, and shows the server's refusal of the last one", async () => {
    const message = 'Nie możesz usunąć ostatniego klucza dostępu.';
    const { user, requests } = renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /passkeys': { body: [KEY] },
      'DELETE /passkeys/k1': { status: 409, body: { message } },
    });
    await user.click(await screen.findByRole('button', { name: 'Usuń klucz dodany 2025-07-01 10:00:00' }));

    expect(await screen.findByText(message)).toBeTruthy();
    const removal = requests.find((request) => request.method === 'DELETE')!;
    expect(removal.path).toBe('/passkeys/k1');
    expect(removal.init.credentials).toBe('same-origin');
    expect(removal.init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('removes one of two passkeys: 204, the list again without it', async () => {
    let keys: Passkey[] = [KEY, { id: 'k2', createdAt: '2025-07-10T08:00:00Z', lastUsedAt: null }];
    const { user } = renderPanel('/klucze', {
      'GET /session': { body: ADMIN },
      'GET /passkeys': () => ({ body: keys }),
      'DELETE /passkeys/k2': () => {
        keys = [KEY];
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Usuń klucz dodany 2025-07-10 10:00:00' }));

    expect(await screen.findByText(texts.passkeys.removed)).toBeTruthy();
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: /^Usuń klucz/ })).toHaveLength(1));
  });
});
