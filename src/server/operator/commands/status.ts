import { tierStatus } from '../../claims/status';
import type { Command } from '../command';

/** docs/decisions/operations.md#operator-output: one line per tier, as of the campaign clock, so the operator knows whom to chase. */
export const status: Command = {
  name: 'status',
  usage: 'status',
  async run({ storage, clock, emit }) {
    for (const line of await tierStatus(storage, clock.campaign())) emit(line);
  },
};
