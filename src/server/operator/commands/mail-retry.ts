import { requeueFailed } from '../../db/outbox';
import type { Command } from '../command';

/** docs/api.md#operator-commands: the failed messages go again (a refused address corrected, a server fixed). */
export const mailRetry: Command = {
  name: 'mail-retry',
  usage: 'mail-retry',
  description: 'ponawia wysyłkę wiadomości, których nie udało się wysłać',
  async run({ storage, emit }) {
    emit({ requeued: await requeueFailed(storage.db) });
  },
};
