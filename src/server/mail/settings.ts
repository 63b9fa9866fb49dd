import fs from 'node:fs';
import net from 'node:net';
import { ConfigError } from '../config-error';

// docs/decisions/mail.md#transport: SMTP_URL, MAIL_FROM, PUBLIC_URL, MAIL=off; DKIM_SELECTOR with DKIM_PRIVATE_KEY_FILE.

export interface Dkim {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** Where mail goes: an SMTP server, the development mailbox (DATA_DIR/mail), or nowhere (MAIL=off). */
export type MailDelivery =
  { via: 'smtp'; url: string; dkim: Dkim | undefined } | { via: 'mailbox' } | { via: 'off' };

export interface MailSettings {
  delivery: MailDelivery;
  from: string;
  /** The site's origin, for the links in mail. */
  publicUrl: string;
  /** MAIL_LEASE_MS: how long a server holds a message while it sends it (dispatcher.ts). */
  leaseMs: number | undefined;
}

const DEFAULT_FROM = 'Wakacyjna Loteria <loteria@example.pl>';

/** The domain of MAIL_FROM's address (`Name <a@b.pl>` or `a@b.pl`): DKIM signs for it, Message-IDs end with it. */
export const senderDomain = (from: string): string => /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost';

/** A message's Message-ID: the outbox entry's id, the same at every attempt, at MAIL_FROM's domain. */
export const messageIdOf = (id: string, from: string): string => `<${id}@${senderDomain(from)}>`;

function parsePublicUrl(value: string | undefined, port: number): string {
  if (value === undefined || value === '') return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    url = new URL('invalid:');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search !== '')
    throw new ConfigError(
      `PUBLIC_URL musi być adresem strony, np. https://loteria.example.pl, a jest: ${value}`,
    );
  return url.origin;
}

/** What nodemailer is given for SMTP_URL: the URL without our `tls` parameter, and whether STARTTLS is a must. */
export interface SmtpServer {
  url: string;
  requireTLS: boolean;
}

// docs/decisions/mail.md#transport: the machine itself is the name localhost and the loopback addresses, all of
// 127.0.0.0/8 and ::1: what goes to them never leaves it.
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
const isLoopback = (host: string) =>
  host === 'localhost' || (net.isIP(host) !== 0 && LOOPBACK.check(host, net.isIPv6(host) ? 'ipv6' : 'ipv4'));

/**
 * SMTP_URL: smtp:// must upgrade with STARTTLS unless the host is the machine itself or the URL says
 * ?tls=off, its only parameter (nodemailer would read others, `requireTLS=false` among them).
 */
export function smtpServer(value: string): SmtpServer {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  // The value is not quoted: it may carry a password.
  if (!url || !/^smtps?:\/\/[^/?]+/.test(value))
    throw new ConfigError(
      'SMTP_URL musi mieć postać smtp://użytkownik:hasło@host:587 (albo smtps:// dla TLS od początku)',
    );
  const params = [...url.searchParams];
  const tlsOff = params.length === 1 && params[0]![0] === 'tls' && params[0]![1] === 'off';
  if (params.length > 0 && !tlsOff)
    throw new ConfigError(
      `SMTP_URL może mieć tylko parametr tls=off (wysyłka bez wymogu STARTTLS), a ma: ${params
        .map(([name, setting]) => (name === 'tls' ? `tls=${setting}` : name))
        .join(', ')}`,
    );
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return {
    url: tlsOff ? value.slice(0, value.indexOf('?')) : value,
    requireTLS: url.protocol === 'smtp:' && !tlsOff && !isLoopback(host),
  };
}

/** SMTP_URL, refused at start if the transport could not take it. */
function parseSmtpUrl(value: string): string {
  smtpServer(value);
  return value;
}

function parseFrom(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_FROM;
  if (!/^[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$/.test(value.trim()))
    throw new ConfigError(
      `MAIL_FROM musi być adresem, np. "Wakacyjna Loteria <loteria@example.pl>", a jest: ${value}`,
    );
  return value.trim();
}

function parseDkim(env: NodeJS.ProcessEnv, from: string): Dkim | undefined {
  const { DKIM_SELECTOR: keySelector, DKIM_PRIVATE_KEY_FILE: file } = env;
  if (!keySelector && !file) return undefined;
  if (!keySelector || !file)
    throw new ConfigError('DKIM wymaga obu ustawień: DKIM_SELECTOR i DKIM_PRIVATE_KEY_FILE');
  let privateKey: string;
  try {
    privateKey = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`DKIM_PRIVATE_KEY_FILE: nie można odczytać pliku ${file}`);
  }
  return { domainName: senderDomain(from), keySelector, privateKey };
}

function parseLease(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1_000)
    throw new ConfigError(`MAIL_LEASE_MS musi być liczbą milisekund ≥ 1000, a jest: ${value}`);
  return ms;
}

export function parseMailSettings(env: NodeJS.ProcessEnv, port: number): MailSettings {
  const from = parseFrom(env.MAIL_FROM);
  if (env.MAIL !== undefined && !['', 'on', 'off'].includes(env.MAIL))
    throw new ConfigError(`MAIL może mieć wartość off (serwer nie wysyła poczty), a jest: ${env.MAIL}`);
  const delivery: MailDelivery =
    env.MAIL === 'off'
      ? { via: 'off' }
      : env.SMTP_URL
        ? { via: 'smtp', url: parseSmtpUrl(env.SMTP_URL), dkim: parseDkim(env, from) }
        : { via: 'mailbox' };
  return {
    delivery,
    from,
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    leaseMs: parseLease(env.MAIL_LEASE_MS),
  };
}

/**
 * What a server in production must be told (the operator's commands send nothing and need none of it):
 * where to send, from whom, and the site's address for the links. Returns the problem, or undefined.
 */
export function productionMailProblem(env: NodeJS.ProcessEnv, settings: MailSettings): string | undefined {
  if (settings.delivery.via === 'off') return undefined;
  if (settings.delivery.via === 'mailbox')
    return 'brak SMTP_URL: w produkcji serwer wysyła pocztę (linki do oświadczeń, przypomnienia, potwierdzenia) przez serwer SMTP. Ustaw SMTP_URL=smtp://użytkownik:hasło@host:587 albo MAIL=off, jeśli pocztę wysyła inny system.';
  if (!env.PUBLIC_URL)
    return 'brak PUBLIC_URL: adresu strony (np. https://loteria.example.pl), do którego prowadzą linki w poczcie.';
  if (!env.MAIL_FROM) return 'brak MAIL_FROM: nadawcy poczty, np. "Wakacyjna Loteria <loteria@example.pl>".';
  return undefined;
}
