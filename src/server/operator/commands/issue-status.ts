import { formatWarsawDateTime } from '#shared/warsaw-time.ts';
import { issueStatus as figures } from '../../issue/issue';
import { ISSUE_DEADLINE } from '../../issue/state';
import type { Command } from '../command';

/** docs/api.md#operator-commands: one line per tier, what is issued and what is late against the last issue day. */
export const issueStatus: Command = {
  name: 'issue-status',
  usage: 'issue-status',
  description: `podsumowuje wydanie nagród w każdej kategorii (termin: ${ISSUE_DEADLINE})`,
  async run({ storage, clock, emit, tell }) {
    for (const line of await figures({ storage, clock })) emit(line);
    // docs/decisions/server-house.md#two-clocks-chosen-per-use: 'late' is as of the campaign clock's day.
    tell(
      `Opóźnienia liczone na ${formatWarsawDateTime(clock.campaign())} (termin wydania: ${ISSUE_DEADLINE}).`,
    );
  },
};
