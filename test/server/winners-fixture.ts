import type { WinnersFile } from '../../src/server/winners/import-file';

// Fictional codes. Offline codes start with a letter other than 'e'; online ones with 'E' (API.md).
export const winnersFixture: WinnersFile = {
  instant: [
    { date: '2025-07-01', code: 'A1B2C3D4E5F', award: 'KASA_200', userPublish: 'Anna K., Kraków' },
    { date: '2025-07-01', code: 'E1B2C3D4E5F', award: 'KASA_200', userPublish: 'Ewa P., Gdańsk' },
    { date: '2025-07-02', code: 'T0000000003', award: 'TELEFON', userPublish: 'Tomasz B., Łódź' },
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
