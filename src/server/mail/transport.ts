import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailKind } from './compose';
import { smtpServer, type Dkim } from './settings';

// docs/decisions/mail.md#transport: where a message goes: an SMTP server (pooled), or on a developer's
// machine the development mailbox, a folder of .eml files.

export interface OutgoingMail {
  id: string;
  kind: MailKind;
  /** When it was queued: names its file in the development mailbox. */
  queuedAt: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same at every attempt: a message sent twice (a crash after the server's 250) is seen as one. */
  messageId: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Why a message was not sent: `permanent` for the SMTP server's 5xx, otherwise worth another try. */
export class MailSendError extends Error {
  constructor(
    readonly permanent: boolean,
    readonly answer: string,
  ) {
    super(answer);
  }
}

// docs/decisions/mail.md#failures: an answer often quotes the recipient ("550 5.1.1 <jan@…>: unknown").
const ADDRESS = /[^\s<>"'@]+@[^\s<>"'@]+/g;
const MAX_ANSWER = 300;

function classify(error: unknown): MailSendError {
  const { responseCode, response, code, command, message } = error as {
    responseCode?: number;
    response?: string;
    code?: string;
    command?: string;
    message?: string;
  };
  // No TLS where it is required (STARTTLS not offered or refused, no EHLO to offer it, a failed handshake) is
  // temporary whatever the relay answered, and said as such rather than as its bare answer.
  const noTls = code === 'ETLS' || command === 'EHLO';
  const answer = (noTls ? undefined : response) ?? `${code ?? 'ERROR'} ${message ?? ''}`;
  return new MailSendError(
    !noTls && typeof responseCode === 'number' && responseCode >= 500,
    answer.replace(ADDRESS, '[adres]').trim().slice(0, MAX_ANSWER),
  );
}

const messageOf = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  messageId: mail.messageId,
  headers: { 'X-Loteria-Kind': mail.kind },
});

// A send takes seconds; these bound a server that answers slowly or not at all, so that a message's lease
// (dispatcher.ts) outlasts any attempt.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
export const SMTP_CONNECTIONS = 5;

/**
 * SMTP_URL: smtps:// is TLS from the start; smtp:// must upgrade with STARTTLS (docs/decisions/mail.md#transport),
 * unless it goes to the machine itself or says ?tls=off, and then it upgrades when offered.
 */
export function smtpTransport(smtpUrl: string, dkim: Dkim | undefined): MailTransport {
  const { url, requireTLS } = smtpServer(smtpUrl);
  const transporter = nodemailer.createTransport({
    url,
    requireTLS,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    ...SMTP_TIMEOUTS,
    ...(dkim ? { dkim } : {}),
  });
  return {
    async send(mail) {
      try {
        await transporter.sendMail(messageOf(mail));
      } catch (error) {
        throw classify(error);
      }
    },
    close: () => transporter.close(),
  };
}

export const MAILBOX_DIR = 'mail';

/** The file a message gets in the development mailbox: sorted by when it was queued, one per message. */
const mailboxFileName = (mail: Pick<OutgoingMail, 'queuedAt' | 'kind' | 'id'>) =>
  `${mail.queuedAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${mail.kind}-${mail.id}.eml`;

/**
 * Without SMTP_URL outside production: every message as an .eml file in DATA_DIR/mail (private, like the
 * rest of DATA_DIR), readable in any mail program and listed by `npm run operator -- mailbox`.
 */
export function mailboxTransport(dataDir: string): MailTransport {
  const dir = path.join(dataDir, MAILBOX_DIR);
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transporter.sendMail(messageOf(mail));
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, mailboxFileName(mail));
      // Whole or not at all; a message sent again replaces its own file.
      const draft = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(draft, info.message as Buffer, { mode: 0o600 });
      fs.renameSync(draft, file);
    },
    close: () => transporter.close(),
  };
}
