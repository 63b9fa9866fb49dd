import { failedMessages, mailStatus as status } from '../../mail/status';
import type { Command } from '../command';

/** docs/api.md#operator-commands: one line per kind; with --failed, one line per failed message instead. */
export const mailStatus: Command = {
  name: 'mail-status',
  usage: 'mail-status [--failed]',
  description: 'pokazuje stan kolejki wiadomości e-mail (z --failed: listę nieudanych)',
  async run({ storage, clock, args, emit, tell }) {
    if (args.includes('--failed')) {
      for (const line of await failedMessages(storage)) emit(line);
      return;
    }
    const lines = await status(storage, clock);
    for (const line of lines) emit(line);
    const failed = lines.reduce((sum, line) => sum + line.failed, 0);
    if (failed > 0)
      tell(
        `Niewysłane wiadomości: ${failed} (odpowiedzi serwera poczty: mail-status --failed; ponowna próba: mail-retry).`,
      );
  },
};
