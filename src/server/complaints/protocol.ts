import { answeredInTime } from '#shared/complaint-dates.ts';
import { COMPLAINT_STATES } from '#shared/complaint/complaint-states.ts';
import type { Storage } from '../db';
import { answerSentOn, complaintCounts, listComplaints, type ComplaintRow } from '../db/complaints';
import { messageIdOf } from '../mail/settings';

// docs/api.md "Complaints": the inspector's view: the complaints by state, and the protocol of every one.

/** One line per state: how many, and how many passed their deadline unanswered (as of `today`). */
export async function complaintsStatus(storage: Storage, today: string) {
  const counts = await complaintCounts(storage.db, today);
  return COMPLAINT_STATES.map((state) => ({ state, count: 0, overdue: 0, ...counts.get(state) }));
}

/** The protocol's columns, in docs/api.md's order. */
export const PROTOCOL_COLUMNS = [
  'reference',
  'channel',
  'received',
  'postmarked',
  'deadline',
  'shortened',
  'late',
  'decision',
  'decidedBy',
  'decidedAt',
  'sentBy',
  'sentAt',
  'onTime',
] as const;

/**
 * When and how the answer left: the day the outbox sent the e-mail (campaign clock, as the deadline), the
 * letter's day for post.
 */
function dispatch(row: ComplaintRow, from: string) {
  if (row.answer_channel === 'post' && row.letter_day !== null) {
    return {
      by: `post ${row.letter_number ?? ''}`.trim(),
      at: row.letter_day,
    };
  }
  if (row.answer_channel === 'email' && row.answer_mail !== null) {
    return {
      by: `email ${messageIdOf(row.answer_mail, from)}`,
      at: row.mail_sent_on ?? '',
    };
  }
  return { by: '', at: '' };
}

/** One row per complaint, by receipt: no personal value but the staff member's e-mail who decided. */
export async function complaintProtocol(storage: Storage, from: string): Promise<string[][]> {
  return (await listComplaints(storage.db)).map((row) => {
    const sent = dispatch(row, from);
    return [
      row.reference,
      row.channel,
      row.received_on,
      row.postmarked_on ?? '',
      row.deadline,
      String(row.shortened === 1),
      String(row.late === 1),
      row.decision ?? '',
      row.decided_by_email ?? row.decided_by ?? '',
      row.decided_at ?? '',
      sent.by,
      sent.at,
      row.answer_channel === null ? '' : String(answeredInTime(row.deadline, answerSentOn(row))),
    ];
  });
}
