// The bench's data set of realistic size (docs/performance.md#the-bench) is the demo set
// (docs/decisions/claims.md#demo-data): the whole prize plan, 4 960 instant records over 70 days and 10
// weeks, and the eight draws' winners.
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
