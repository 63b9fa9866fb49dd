import type { Storage } from '#server/db/index.ts';
import { fakeClock } from './app';
import type { WinnersFile } from '#server/winners/import-file.ts';
import { importWinnersFile, type ImportOptions } from '#server/winners/import.ts';

/** The contact the fixtures' III and VI codes were registered with: the statement fixtures' (FULL_FORM). */
export const WINNER_CONTACT = { email: 'jan.kowalski@example.com', phone: '600700800' };

// Fictional codes. Offline codes start with a letter other than 'e'; online ones with 'E'
// (docs/api.md#the-payload).
export const winnersFixture: WinnersFile = {
  instant: [
    {
      date: '2025-07-01',
      code: 'A1B2C3D4E5F',
      award: 'KASA_200',
      userPublish: 'Anna K., Kraków',
      email: WINNER_CONTACT.email,
    },
    {
      date: '2025-07-01',
      code: 'E1B2C3D4E5F',
      award: 'KASA_200',
      userPublish: 'Ewa P., Gdańsk',
      phone: WINNER_CONTACT.phone,
    },
    {
      date: '2025-07-02',
      code: 'T0000000003',
      award: 'TELEFON',
      userPublish: 'Tomasz B., Łódź',
      ...WINNER_CONTACT,
    },
    { date: '2025-07-02', code: 'Z0000000004', award: 'ZEGAREK', userPublish: 'Zofia Z., Opole' },
    { date: '2025-07-02', code: 'B0000000005', award: 'BON_10000', userPublish: 'Basia B., Toruń' },
  ],
  draws: [
    {
      drawName: 'Draw1',
      price: 'AYGO',
      priceRank: 1,
      code: 'C0000000001',
      name: 'Jan K.',
      testimonialId: 'T1',
    },
    {
      drawName: 'Draw1',
      price: 'WINTO',
      priceRank: 2,
      code: 'W0000000002',
      name: 'Maria W.',
      testimonialId: 'T2',
    },
  ],
};

/** Imports a winners file into a test app's database, as import-winners does. */
export const importInto = (
  t: { storage: Storage; statementsKey: Buffer },
  file: WinnersFile,
  options: Partial<ImportOptions> = {},
) =>
  importWinnersFile(t.storage, file, {
    statementsKey: t.statementsKey,
    clock: fakeClock(),
    ...options,
  });

/** Imports the file and gives each hash tier's statement link hash by code (import-winners prints the links). */
export async function importLinkHashes(
  t: { storage: Storage; statementsKey: Buffer },
  file: WinnersFile,
): Promise<Map<string, string>> {
  const { lines } = await importInto(t, file);
  const hashes = new Map<string, string>();
  for (const line of lines) {
    const hash = new URLSearchParams(line.link.split('?')[1] ?? '').get('hash');
    if (hash) hashes.set(line.code, hash);
  }
  return hashes;
}
