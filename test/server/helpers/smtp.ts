import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Clock } from '#server/clock.ts';
import { DISPATCHER_DEFAULTS, MailDispatcher } from '#server/mail/dispatcher.ts';
import type { MailTransport } from '#server/mail/transport.ts';
import type { TestApp } from './app';

// A real SMTP server in process on 127.0.0.1 (docs/decisions/mail.md#tests): the dispatcher talks SMTP to
// it as to any other. A test decides how it answers each message, and may make it a relay elsewhere (another
// address, STARTTLS with a certificate, no EHLO).

export interface Received {
  parsed: ParsedMail;
  raw: string;
  kind: string;
  messageId: string;
  to: string;
  /** Whether it came over TLS. */
  secure: boolean;
}

/** How the server answers a message: accept it, or an SMTP error (451: try later, 550: refused). */
export type Answer = 'accept' | { code: number; message: string };

export interface TestSmtp {
  url: string;
  port: number;
  received: Received[];
  /** Every AUTH it took (it takes any password, also without TLS, as a careless relay would). */
  logins: { user: string; secure: boolean }[];
  /** Answers the next messages, in order, before accepting again. */
  answerNext(...answers: Answer[]): void;
  /** Waits until `count` messages have been accepted in all. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  /** Forgets what was received and the answers not given yet (between tests). */
  reset(): void;
  stop(): Promise<void>;
  /** Starts listening again on the same port (after stop: the server was down, then up). */
  restart(): Promise<void>;
}

export interface TestSmtpOptions {
  /** How long it takes to accept each message (a slow server: mail is in flight when a test acts). */
  delayMs?: number;
  /** Told right after a message is accepted (its 250 sent), with how many have been accepted. */
  onAccepted?(count: number): void;
  /** Where it listens: 127.0.0.1 unless told (0.0.0.0: on the machine's other addresses too). */
  host?: string;
  /** Offers STARTTLS with this key and certificate (PEM); without, it offers none. */
  starttls?: { key: string; cert: string };
  /** Answers EHLO as an unknown command (a server that speaks only HELO, so offers no STARTTLS). */
  withoutEhlo?: boolean;
}

/** The server's dispatcher for a test app, sending through `transport` (to the test's server), logging nothing. */
export const testDispatcher = (
  t: Pick<TestApp, 'storage' | 'statementsKey'>,
  clock: Clock,
  transport: MailTransport,
  publicUrl: string,
) =>
  new MailDispatcher({
    ...DISPATCHER_DEFAULTS,
    storage: t.storage,
    clock,
    keys: [t.statementsKey],
    transport,
    from: 'Wakacyjna Loteria <loteria@example.pl>',
    publicUrl,
    log: { info() {}, warn() {}, error() {} },
  });

export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: Received[] = [];
  const logins: TestSmtp['logins'] = [];
  const answers: Answer[] = [];
  const waiting: (() => void)[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      onAuth(auth, session, callback) {
        logins.push({ user: auth.username ?? '', secure: session.secure });
        callback(null, { user: auth.username });
      },
      ...(options.starttls ?? {}),
      disabledCommands: [...(options.starttls ? [] : ['STARTTLS']), ...(options.withoutEhlo ? ['EHLO'] : [])],
      logger: false,
      // stop() ends open connections at once: a server going down does not wait for its clients.
      closeTimeout: 50,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const answer = answers.shift() ?? 'accept';
          if (answer !== 'accept') {
            callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsing = simpleParser(raw);
          const delay = new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
          void Promise.all([parsing, delay]).then(([parsed]) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
            received.push({
              parsed,
              raw,
              kind: String(parsed.headers.get('x-loteria-kind') ?? ''),
              messageId: parsed.messageId ?? '',
              to: to?.value[0]?.address ?? '',
              secure: session.secure,
            });
            callback();
            options.onAccepted?.(received.length);
            waiting.splice(0).forEach((wake) => wake());
          }, callback);
        });
      },
    });
  let server = create();
  // A client that vanishes mid-conversation (a server process killed by kill -9) resets its connection: the
  // SMTP server reports it as an 'error' event, which must not end the test run.
  const keepRunning = () => server.on('error', () => undefined);
  keepRunning();
  const listen = (at: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, options.host ?? '127.0.0.1', () =>
        resolve((server.server.address() as AddressInfo).port),
      );
    });
  const bound = await listen(0);
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    logins,
    answerNext: (...next) => answers.push(...next),
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 100);
        });
      }
      return received;
    },
    reset() {
      received.length = 0;
      logins.length = 0;
      answers.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async restart() {
      server = create();
      keepRunning();
      await listen(bound);
    },
  };
}
