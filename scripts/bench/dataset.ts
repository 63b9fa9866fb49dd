// The bench's data set of realistic size (docs/performance.md#the-bench) is the demo set
// (docs/decisions/claims.md#demo-data): the whole prize plan, 4 960 instant records over 70 days and 10
// weeks, and the eight draws' winners with a reserve entry for each car and WinTo! prize.
import { isOnlineCode } from '#shared/campaign.ts';
import { demoWinners } from '#server/demo/dataset.ts';

export function benchDataset() {
  const file = demoWinners();
  return {
    ...file,
    /** Offline codes of the 200 zł (tier VI) winners: each claims one statement, the fixture's (offline). */
    tierVICodes: file.instant
      .filter((record) => record.award === 'KASA_200' && !isOnlineCode(record.code))
      .map((record) => record.code),
  };
}

/**
 * The data set topped up with 200 zł winners of codes of their own (`BENCH000000`…, offline, on the days of
 * the data set's own) to `claims` claims. A reserve entry is a record without a claim (no link, no mail, no
 * statement): the demo set's 4 991 records are 4 977 claims and 14 reserve entries.
 */
export function benchDatasetWithClaims(claims: number) {
  const { instant, draws } = benchDataset();
  const own = instant.length + draws.filter((record) => record.reserve === undefined).length;
  const topUp = instant
    .filter((record) => record.award === 'KASA_200')
    .slice(0, Math.max(0, claims - own))
    .map((record, index) => ({ ...record, code: `BENCH${String(index).padStart(6, '0')}` }));
  return { instant: [...instant, ...topUp], draws };
}
