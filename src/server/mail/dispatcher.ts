import { randomUUID } from 'node:crypto';
import { COMPLAINT_PAGE_PATH } from '#shared/complaint/complaint-path.ts';
import { warsawDate } from '#shared/warsaw-time.ts';
import { isoAt, type Clock } from '../clock';
import type { Storage } from '../db';
import {
  cancelAnswered,
  expireQueued,
  leaseDue,
  recordOutcomes,
  type LeasedMail,
  type MailOutcome,
} from '../db/outbox';
import { composeMail, type MailFacts } from './compose';
import { openOrder, type QueuedFacts } from './orders';
import { remindersMayGo } from './schedule';
import { messageIdOf } from './settings';
import { MailSendError, type MailTransport } from './transport';

// docs/decisions/mail.md#dispatcher: every server process runs one. It leases due messages, sends them and
// records what happened; none waits for it (no request ever sends mail itself).

const MINUTE_MS = 60_000;
/** A temporary failure is tried again after a minute, then twice as long each time, at most hourly… */
const RETRY_FIRST_MS = MINUTE_MS;
const RETRY_LONGEST_MS = 60 * MINUTE_MS;
/** …for 30 hours (the issue asks for at least 24) before the message is marked failed. */
const GIVE_UP_AFTER_MS = 30 * 60 * MINUTE_MS;

export interface DispatcherLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface DispatcherOptions {
  storage: Storage;
  clock: Clock;
  /** The statements key and any previous ones (a rotation): they open the queued messages. */
  keys: readonly Buffer[];
  transport: MailTransport;
  /** MAIL_FROM. */
  from: string;
  /** PUBLIC_URL: the origin the links in mail point to. */
  publicUrl: string;
  log: DispatcherLog;
  /** How long a message is held by this dispatcher while it sends (longer than any SMTP attempt). */
  leaseMs: number;
  /** How often it looks for due mail when there was none. */
  pollMs: number;
  /** How many messages it takes at a time. */
  batch: number;
}

export const DISPATCHER_DEFAULTS = { leaseMs: 2 * MINUTE_MS, pollMs: 1_000, batch: 20 } as const;

function absolute(facts: QueuedFacts, publicUrl: string): MailFacts {
  // docs/api.md "Complaints": a rejection links to the complaint form.
  if (facts.kind === 'verdict' && facts.outcome === 'rejected') {
    return { ...facts, url: new URL(COMPLAINT_PAGE_PATH, publicUrl).href };
  }
  if (!('path' in facts)) return facts;
  const { path, ...rest } = facts;
  return { ...rest, url: new URL(path, publicUrl).href };
}

export class MailDispatcher {
  readonly #options: DispatcherOptions;
  readonly #owner = randomUUID();
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<void> | undefined;
  #stopped = true;

  constructor(options: DispatcherOptions) {
    this.#options = options;
  }

  start(): void {
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Stops taking mail; what is being sent is finished and recorded first. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#round;
  }

  #schedule(delayMs: number) {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#round = this.sendDue().then(
        (handled) => this.#schedule(handled >= this.#options.batch ? 0 : this.#options.pollMs),
        (error: unknown) => {
          // The database gone, say: nothing was sent or lost; the next round tries again.
          const { name, code } = error as Error & { code?: unknown };
          this.#options.log.error({ error: { name, code } }, 'mail round failed');
          this.#schedule(this.#options.pollMs);
        },
      );
    }, delayMs);
  }

  /**
   * One round: drops late reminders and those of claims answered, leases what is due, sends it; returns how
   * many were handled.
   */
  async sendDue(): Promise<number> {
    const { storage, clock, batch, leaseMs } = this.#options;
    const campaignNowMs = clock.campaign();
    const realNowMs = clock.real();
    await expireQueued(storage.db, isoAt(campaignNowMs));
    await cancelAnswered(storage.db, isoAt(campaignNowMs));
    const leased = await leaseDue(storage.db, storage.dialect, {
      owner: this.#owner,
      limit: batch,
      campaignNowIso: isoAt(campaignNowMs),
      realNowIso: isoAt(realNowMs),
      leaseUntilIso: isoAt(realNowMs + leaseMs),
      reminders: remindersMayGo(campaignNowMs),
    });
    const outcomes = await Promise.all(
      leased.map(async (mail) => ({ mail, outcome: await this.#deliver(mail) })),
    );
    // One commit for the round: on SQLite every commit waits for the disk, in the thread that also answers
    // the participants (docs/decisions/mail.md#dispatcher).
    await recordOutcomes(
      storage.db,
      this.#owner,
      outcomes.map(({ mail, outcome }) => ({ id: mail.id, outcome })),
    );
    for (const { mail, outcome } of outcomes) this.#logOutcome(mail, outcome);
    return leased.length;
  }

  #logOutcome(mail: LeasedMail, outcome: MailOutcome) {
    const { log } = this.#options;
    const data = { mail: mail.id, kind: mail.kind, attempt: mail.attempts };
    if (outcome.state === 'sent') log.info(data, 'mail sent');
    else if (outcome.state === 'queued') log.warn({ ...data, answer: outcome.error }, 'mail deferred');
    else if (outcome.state === 'failed') log.error({ ...data, answer: outcome.error }, 'mail failed');
  }

  async #deliver(mail: LeasedMail): Promise<MailOutcome> {
    const { keys, transport, from, publicUrl, clock } = this.#options;
    if (mail.sealed === null) return { state: 'cancelled' };
    let outgoing;
    try {
      const order = openOrder(keys, mail.id, mail.sealed);
      outgoing = {
        id: mail.id,
        kind: mail.kind,
        queuedAt: mail.created_at,
        from,
        to: order.to,
        ...composeMail(absolute(order.facts, publicUrl)),
        // The Message-ID's domain makes it unique across the world; the id, the same at every attempt.
        messageId: messageIdOf(mail.id, from),
      };
    } catch (error) {
      // Cannot be opened (a key missing): another try will not help.
      const { name } = error as Error;
      return { state: 'failed', firstFailedIso: isoAt(clock.real()), error: `nie można otworzyć: ${name}` };
    }
    try {
      await transport.send(outgoing);
      // When it left on both clocks: the real instant, and the campaign's day the answers' deadlines are on.
      return { state: 'sent', atIso: isoAt(clock.real()), sentOn: warsawDate(clock.campaign()) };
    } catch (error) {
      return this.#failed(
        mail,
        error instanceof MailSendError ? error : new MailSendError(false, (error as Error).name),
      );
    }
  }

  /** A failed attempt: tried again later, unless permanent or tried for long enough. */
  #failed(mail: LeasedMail, failure: MailSendError): MailOutcome {
    const nowMs = this.#options.clock.real();
    const firstFailedMs = mail.first_failed_at === null ? nowMs : Date.parse(mail.first_failed_at);
    const firstFailedIso = isoAt(firstFailedMs);
    if (failure.permanent || nowMs - firstFailedMs >= GIVE_UP_AFTER_MS)
      return { state: 'failed', firstFailedIso, error: failure.answer };
    const waitMs = Math.min(RETRY_FIRST_MS * 2 ** (mail.attempts - 1), RETRY_LONGEST_MS);
    return { state: 'queued', nextAttemptIso: isoAt(nowMs + waitMs), firstFailedIso, error: failure.answer };
  }
}
