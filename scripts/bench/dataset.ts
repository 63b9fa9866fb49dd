// A data set of realistic size (issue 6): 70 lottery days × 70 daily prizes (1 smartwatch, 1 camera,
// 68 × 200 zł) plus 10 weeks × 6 weekly prizes = 4 960 instant records, and the eight draws' winners.
import { draws } from '../../src/shared/campaign';
import type { DrawWinner, InstantWinner } from '../../src/client/features/winners/winners-data';

const LOTTERY_START_UTC = Date.UTC(2025, 5, 25);
const DAYS = 70;
const DAY_MS = 86_400_000;

function code(prefix: string, index: number): string {
  return `${prefix}${String(index).padStart(11 - prefix.length, '0')}`;
}

export interface BenchDataset {
  instant: InstantWinner[];
  draws: DrawWinner[];
  /** Codes of the 200 zł (tier VI) winners: each claims one statement. */
  tierVICodes: string[];
}

export function benchDataset(): BenchDataset {
  const instant: BenchDataset['instant'] = [];
  const tierVICodes: string[] = [];
  for (let day = 0; day < DAYS; day += 1) {
    const date = new Date(LOTTERY_START_UTC + day * DAY_MS).toISOString().slice(0, 10);
    const daily = ['ZEGAREK', 'APARAT', ...Array.from({ length: 68 }, () => 'KASA_200')];
    daily.forEach((award) => {
      const winnerCode = code('B', instant.length);
      if (award === 'KASA_200') tierVICodes.push(winnerCode);
      instant.push({ date, code: winnerCode, award, userPublish: `Laureat ${instant.length + 1}, Warszawa` });
    });
    if (day % 7 === 0) {
      for (const award of ['BON_10000', 'BON_10000', 'TELEFON', 'TELEFON', 'TELEFON', 'TELEFON']) {
        instant.push({
          date,
          code: code('W', instant.length),
          award,
          userPublish: 'Laureat tygodnia, Kraków',
        });
      }
    }
  }
  const drawWinners: BenchDataset['draws'] = draws.flatMap((draw, index) =>
    draw.id === 'Draw8'
      ? Array.from({ length: 20 }, (_, rank) => ({
          drawName: draw.id,
          price: 'ZEGAREK',
          priceRank: rank + 1,
          code: code('D8', rank),
          name: '',
          testimonialId: `d8-${rank}`,
        }))
      : [
          {
            drawName: draw.id,
            price: 'AYGO',
            priceRank: 1,
            code: code('DA', index),
            name: 'Jan K.',
            testimonialId: `a-${index}`,
          },
          {
            drawName: draw.id,
            price: 'WINTO',
            priceRank: 2,
            code: code('DW', index),
            name: 'Ewa N.',
            testimonialId: `w-${index}`,
          },
        ],
  );
  return { instant, draws: drawWinners, tierVICodes };
}
