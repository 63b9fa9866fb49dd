import { randomUUID } from 'node:crypto';
import { campaign } from '#shared/campaign.ts';
import { complaintDeadline, complaintLate } from '#shared/complaint-dates.ts';
import type { ComplaintBody } from '#shared/complaint/complaint-form.ts';
import { warsawDate } from '#shared/warsaw-time.ts';
import { isoAt, type Clock } from '../clock';
import type { Storage } from '../db';
import { claimOfCode, insertComplaint } from '../db/complaints';
import { isRowError } from '../db/statements';
import type { ComplaintChannel } from '../db/types';
import { complaintMailEntry } from '../mail/orders';
import { appendAudit } from '../staff/audit';
import { newReference } from '../statements/reference';
import { sealComplaint } from './sealed';
import { heldSealer } from '../statements/period-keys';

// docs/decisions/complaints.md: a complaint registered, from the form or by staff for one that came by post.

// A new reference is drawn when one is taken already.
const REFERENCE_ATTEMPTS = 3;

export interface ComplaintArrival {
  channel: ComplaintChannel;
  /** The Warsaw day it was received (the form: the day it arrived, on the campaign clock). */
  receivedOn: string;
  /** Post only: the postmark's day, which decides whether it was sent in time. */
  postmarkedOn?: string | undefined;
  /** Who entered it (a staff member's id, or the operator); none for the public form. */
  actor?: string | undefined;
}

export interface RegisteredComplaint {
  id: string;
  reference: string;
  deadline: string;
  shortened: boolean;
  late: boolean;
}

/** The day a complaint arrived through the form: today on the campaign clock. */
export const formArrival = (clock: Clock): ComplaintArrival => ({
  channel: 'form',
  receivedOn: warsawDate(clock.campaign()),
});

/**
 * Stores a complaint with its clock (deadline, cut short, late), linked to the claim its code names, and
 * queues its `complaint-received` mail in the same commit; a staff entry is on the audit trail with it.
 */
export async function registerComplaint(
  storage: Storage,
  clock: Clock,
  key: Buffer,
  body: ComplaintBody,
  arrival: ComplaintArrival,
): Promise<RegisteredComplaint> {
  const { deadline, shortened } = complaintDeadline(arrival.receivedOn, campaign);
  // spec §9 and the regulations: sent in time is what counts, the postmark for a letter.
  const late = complaintLate(arrival.postmarkedOn ?? arrival.receivedOn, campaign);
  const claimId = body.code === null ? undefined : await claimOfCode(storage.db, body.code);
  for (let attempt = 1; ; attempt += 1) {
    const id = randomUUID();
    const reference = newReference();
    const clocks = { campaignMs: clock.campaign(), realMs: clock.real() };
    try {
      await storage.db.transaction().execute(async (trx) => {
        const sealer = await heldSealer(trx, storage.keysDir, 'open');
        const mail = complaintMailEntry(
          sealer,
          body.email,
          { kind: 'complaint-received', reference, deadline },
          clocks,
        );
        await insertComplaint(
          trx,
          {
            id,
            reference,
            channel: arrival.channel,
            received_on: arrival.receivedOn,
            postmarked_on: arrival.postmarkedOn ?? null,
            deadline,
            shortened: shortened ? 1 : 0,
            late: late ? 1 : 0,
            created_at: isoAt(clocks.realMs),
            code: body.code,
            claim_id: claimId ?? null,
            secrets: sealComplaint(sealer, id, body),
            state: 'open',
            decision: null,
            reason: null,
            decided_by: null,
            decided_at: null,
            answer_channel: null,
            answer_mail: null,
            letter_number: null,
            letter_day: null,
            answered_by: null,
            answered_at: null,
          },
          [mail],
        );
        if (arrival.actor) {
          await appendAudit(trx, storage, clock, {
            actor: arrival.actor,
            action: 'complaint-added',
            subject: reference,
            details: { channel: arrival.channel, late, shortened },
          });
        }
      });
      return { id, reference, deadline, shortened, late };
    } catch (error) {
      if (!(isRowError(error) && attempt < REFERENCE_ATTEMPTS)) throw error;
    }
  }
}
