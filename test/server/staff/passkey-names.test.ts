import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '#content/staff-messages.json';
import { insertPasskey } from '#server/db/staff.ts';
import { passkeyName } from '#server/staff/passkeys.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { panelSettings, panelStaff } from '../helpers/panel';
import { storageTargets } from '../helpers/storage-targets';

// docs/decisions/staff.md#passkey-names: a person tells their passkeys apart by name.

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const EDGE_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';

describe('a new passkey’s name', () => {
  it('is the browser and system it was made on, when its person typed none', () => {
    expect(passkeyName(undefined, CHROME_WINDOWS)).toBe('Chrome, Windows');
    expect(passkeyName('', SAFARI_IPHONE)).toBe('Safari, iPhone');
    expect(passkeyName('  ', EDGE_MAC)).toBe('Edge, macOS');
    expect(passkeyName(undefined, FIREFOX_ANDROID)).toBe('Firefox, Android');
    expect(passkeyName(undefined, undefined)).toBeNull();
    expect(passkeyName(undefined, 'curl/8.5.0')).toBeNull();
  });

  it('is what its person typed, in one line, at most 60 characters', () => {
    expect(passkeyName('  Telefon\n służbowy ', CHROME_WINDOWS)).toBe('Telefon służbowy');
    expect(() => passkeyName('x'.repeat(61), CHROME_WINDOWS)).toThrow(messages.passkeyNameTooLong);
  });
});

for (const target of storageTargets) {
  describe(`passkeys with names on ${target.name}`, () => {
    let t: TestApp;
    const clock = fakeClock({ real: () => Date.parse('2026-07-10T08:00:00Z') });
    const { personWith, call } = panelStaff(() => t, clock);

    beforeAll(async () => {
      t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
    });
    afterAll(async () => {
      await t.close();
    });

    it('lists one’s passkeys with their names, none for a passkey made before names', async () => {
      const person = await personWith(['reviewer']);
      const row = {
        staff_id: person.id,
        public_key: 'AQID',
        counter: 0,
        transports: null,
        last_used_at: null,
      };
      // A passkey as the database held it before migration 009 gave names: the column left out.
      await t.storage.db
        .insertInto('staff_passkeys')
        .values({ ...row, id: 'old-key', created_at: '2025-07-12T08:00:00.000Z' })
        .execute();
      await insertPasskey(t.storage.db, {
        ...row,
        id: 'new-key',
        created_at: '2026-07-10T08:00:00.000Z',
        name: 'Chrome, Windows',
      });
      const listed = await call(person, 'GET', 'passkeys');
      expect(listed.json()).toEqual([
        { id: 'old-key', name: null, createdAt: '2025-07-12T08:00:00.000Z', lastUsedAt: null },
        { id: 'new-key', name: 'Chrome, Windows', createdAt: '2026-07-10T08:00:00.000Z', lastUsedAt: null },
      ]);
    });

    it('refuses a typed name too long before any passkey is checked', async () => {
      const person = await personWith(['reviewer']);
      const refused = await call(person, 'POST', 'passkeys', { response: {}, name: 'x'.repeat(61) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: messages.passkeyNameTooLong });
    });
  });
}
