import { tierStatus } from '../../claims/status';
import type { Command } from '../command';

/** Issue 10 §11: one line per tier, as of the campaign clock, so the operator knows whom to chase. */
export const status: Command = {
  name: 'status',
  usage: 'status',
  async run({ storage, clock, emit }) {
    for (const line of await tierStatus(storage, clock.campaign())) emit(line);
  },
};
