import fs from 'node:fs';
import path from 'node:path';
import { isoAt, type Clock } from '../clock';
import type { Storage } from '../db';
import { failedMail, mailCounts } from '../db/outbox';
import { MAILBOX_DIR } from './transport';

const MINUTE_MS = 60_000;

/**
 * docs/api.md#operator-commands: per kind, how many messages wait, went and failed, and how long the oldest
 * due one has waited (campaign clock: a reminder not due yet is queued but not late).
 */
export async function mailStatus({ db }: Storage, clock: Clock) {
  const nowMs = clock.campaign();
  return (await mailCounts(db, isoAt(nowMs))).map(({ oldestDueAt, ...counts }) => ({
    ...counts,
    oldestQueuedMinutes:
      oldestDueAt === null ? null : Math.floor((nowMs - Date.parse(oldestDueAt)) / MINUTE_MS),
  }));
}

/** The failed messages: which claim, how often tried, the SMTP server's last answer (addresses removed). */
export async function failedMessages({ db }: Storage) {
  return (await failedMail(db)).map((row) => ({
    id: row.id,
    kind: row.kind,
    code: row.code,
    tier: row.tier,
    attempts: row.attempts,
    firstFailedAt: row.first_failed_at,
    answer: row.last_error,
  }));
}

// RFC 2047 encoded words, as nodemailer writes a Polish subject: =?UTF-8?Q?…?= or =?UTF-8?B?…?=.
const ENCODED_WORD = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;

function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(ENCODED_WORD, (_word, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function headerOf(message: string, name: string): string | undefined {
  const head = message.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeHeader(line.slice(name.length + 1).trim());
}

/** The development mailbox's messages, oldest first (docs/decisions/mail.md#transport). */
export function mailboxMessages(dataDir: string) {
  const dir = path.join(dataDir, MAILBOX_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const message = fs.readFileSync(file, 'utf8');
      return {
        file,
        kind: headerOf(message, 'X-Loteria-Kind') ?? '',
        subject: headerOf(message, 'Subject') ?? '',
        date: headerOf(message, 'Date') ?? '',
      };
    });
}
