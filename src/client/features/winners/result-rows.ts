import { prizes, type PrizeKey } from '#shared/campaign.ts';
import { formatIsoDate } from '#shared/warsaw-time.ts';
import type { ResultRow } from './results-table';
import type { DrawWinner, InstantWinner } from './winners-data';
import { parseRecordDate } from './winners-view';

// spec §2: rows of the additional draw show no name or label.
const DRAW_WITHOUT_DETAILS = 'Draw8';

function prizeOf(key: string) {
  return prizes.catalogue[key as PrizeKey];
}

/** The instant prizes won on one Warsaw day (`date`: YYYY-MM-DD), in the list's order. */
export function instantRows(records: InstantWinner[], date: string): ResultRow[] {
  return records
    .filter((record) => {
      const recordDate = parseRecordDate(record.date);
      return recordDate !== null && formatIsoDate(recordDate) === date;
    })
    .map((record, index) => ({
      key: `${record.code}-${index}`,
      award: prizeOf(record.award)?.award ?? record.award,
      label: prizeOf(record.award)?.label ?? null,
      code: record.code,
      detail: record.userPublish || null,
    }));
}

/** One draw's winners by prize rank; the winner's name under the code except in Draw8 (spec §2). */
export function drawRows(records: DrawWinner[], drawId: string): ResultRow[] {
  const plain = drawId === DRAW_WITHOUT_DETAILS;
  return records
    .filter((record) => record.drawName === drawId)
    .sort((a, b) => a.priceRank - b.priceRank)
    .map((record, index) => ({
      key: `${record.code}-${index}`,
      award: prizeOf(record.price)?.award ?? record.price,
      label: plain ? null : (prizeOf(record.price)?.label ?? null),
      code: record.code,
      detail: plain ? null : record.name || null,
    }));
}
