import { mailboxMessages } from '../../mail/status';
import type { Command } from '../command';

/** docs/decisions/mail.md#transport: the development mailbox's messages, one line each. */
export const mailbox: Command = {
  name: 'mailbox',
  usage: 'mailbox',
  description: 'wypisuje wiadomości ze skrzynki deweloperskiej (bez SMTP_URL)',
  async run({ config, emit, tell }) {
    const messages = mailboxMessages(config.dataDir);
    for (const message of messages) emit(message);
    if (messages.length === 0) tell('Skrzynka deweloperska jest pusta.');
  },
};
