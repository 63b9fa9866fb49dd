import path from 'node:path';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { LoadedKey } from '../crypto/encryption';
import type { Storage } from '../db';
import { DISPATCHER_DEFAULTS, MailDispatcher, type DispatcherLog } from './dispatcher';
import { MAILBOX_DIR, mailboxTransport, smtpTransport } from './transport';

export interface RunningMail {
  /** The development mailbox's folder, when the mail goes there (for the person who started the server). */
  mailbox: string | undefined;
  stop(): Promise<void>;
}

/** docs/decisions/mail.md#dispatcher: this server's dispatcher, unless MAIL=off. */
export function startMail(
  config: Pick<ServerConfig, 'mail' | 'dataDir'>,
  parts: { storage: Storage; clock: Clock; key: LoadedKey; log: DispatcherLog },
): RunningMail | undefined {
  const { delivery, from, publicUrl, leaseMs } = config.mail;
  if (delivery.via === 'off') return undefined;
  const transport =
    delivery.via === 'smtp' ? smtpTransport(delivery.url, delivery.dkim) : mailboxTransport(config.dataDir);
  const dispatcher = new MailDispatcher({
    ...DISPATCHER_DEFAULTS,
    storage: parts.storage,
    clock: parts.clock,
    keys: [parts.key.key, ...parts.key.previous],
    transport,
    from,
    publicUrl,
    log: parts.log,
    leaseMs: leaseMs ?? DISPATCHER_DEFAULTS.leaseMs,
  });
  dispatcher.start();
  return {
    mailbox: delivery.via === 'mailbox' ? path.join(config.dataDir, MAILBOX_DIR) : undefined,
    async stop() {
      await dispatcher.stop();
      transport.close();
    },
  };
}
