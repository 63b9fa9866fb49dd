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
      'GET /passkeys': { body: [KEY] },
      'DELETE /passkeys/k1': { status: 409, body: { message } },
    });
    await user.click(await screen.findByRole('button', { name: 'Usuń klucz „Klucz dodany 1.07.2025”' }));
    await user.click(screen.getByRole('button', { name: texts.passkeys.removeYes }));

    expect(await screen.findByText(message)).toBeTruthy();
    await vi.waitFor(() =>
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
    expect(screen.getByText('Usunąć klucz „Safari, iPhone”? Nie zalogujesz się nim więcej.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: texts.passkeys.removeNo }));
    await user.click(screen.getByRole('button', { name: texts.passkeys.removeNo }));
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Usuń klucz „Safari, iPhone”' }),
      ),
    );
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Usuń klucz „Safari, iPhone”' }));
    await user.click(screen.getByRole('button', { name: texts.passkeys.removeYes }));
    expect(await screen.findByText('Usunięto klucz dostępu „Safari, iPhone”.')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: /^Usuń klucz/ })).toHaveLength(1));
  });
});
