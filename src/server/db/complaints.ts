import type { Kysely, Transaction } from 'kysely';
import { queueMail } from './outbox';
import type { ComplaintState, ComplaintTable, Database, OutboxTable } from './types';

// docs/decisions/complaints.md: the complaints' SQL.

type Db = Kysely<Database> | Transaction<Database>;

/** Stores a complaint and its confirmation, in one commit (docs/decisions/mail.md#outbox). */
export async function insertComplaint(db: Db, row: ComplaintTable, mail: OutboxTable[]): Promise<void> {
  await db.insertInto('complaints').values(row).execute();
  await queueMail(db, mail);
}

/** The claim a code names (the earliest, when a code won twice), or undefined. */
export async function claimOfCode(db: Db, code: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('claims')
    .select('id')
    .where('code', '=', code)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/** Per state: how many complaints, and how many of them passed their deadline unanswered before `today`. */
export async function complaintCounts(db: Db, today: string) {
  const rows = await db.selectFrom('complaints').select(['state', 'deadline']).execute();
  const counts = new Map<ComplaintState, { count: number; overdue: number }>();
  for (const { state, deadline } of rows) {
    const seen = counts.get(state) ?? { count: 0, overdue: 0 };
    seen.count += 1;
    if (state !== 'answered' && deadline < today) seen.overdue += 1;
    counts.set(state, seen);
  }
  return counts;
}

/** A complaint with its answer mail's sent time (real clock) and day (campaign clock, `mail_sent_on`). */
export type ComplaintMailRow = ComplaintTable & { mail_sent_at: string | null; mail_sent_on: string | null };
export type ComplaintRow = ComplaintMailRow & { decided_by_email: string | null };

/**
 * The campaign clock's day the answer left (docs/decisions/complaints.md#clock): the letter's for post, the
 * outbox's once it says sent for e-mail; null before.
 */
export const answerSentOn = (row: ComplaintMailRow): string | null =>
  row.answer_channel === 'post' ? row.letter_day : row.answer_channel === 'email' ? row.mail_sent_on : null;

/** Every complaint, by receipt, with its answer mail's sent time and who decided it (the protocol). */
export async function listComplaints(db: Db): Promise<ComplaintRow[]> {
  return db
    .selectFrom('complaints')
    .leftJoin('outbox', 'outbox.id', 'complaints.answer_mail')
    .leftJoin('staff', 'staff.id', 'complaints.decided_by')
    .selectAll('complaints')
    .select([
      'outbox.sent_at as mail_sent_at',
      'outbox.sent_on as mail_sent_on',
      'staff.email as decided_by_email',
    ])
    .orderBy('complaints.received_on')
    .orderBy('complaints.created_at')
    .orderBy('complaints.id')
    .execute();
}

/** The unanswered complaints, by deadline, earliest first. */
export async function openComplaints(db: Db): Promise<ComplaintTable[]> {
  return db
    .selectFrom('complaints')
    .selectAll()
    .where('state', '<>', 'answered')
    .orderBy('deadline')
    .orderBy('received_on')
    .orderBy('reference')
    .execute();
}

/** One complaint, with its answer mail's sent time. */
export async function complaintById(db: Db, id: string) {
  return db
    .selectFrom('complaints')
    .leftJoin('outbox', 'outbox.id', 'complaints.answer_mail')
    .selectAll('complaints')
    .select(['outbox.sent_at as mail_sent_at', 'outbox.sent_on as mail_sent_on'])
    .where('complaints.id', '=', id)
    .executeTakeFirst();
}

/** The claim a complaint names, with its current statement's reference and review. */
export async function claimOfComplaint(db: Db, claimId: string) {
  return db
    .selectFrom('claims')
    .leftJoin('statements', 'statements.claim_id', 'claims.id')
    .leftJoin('reviews', 'reviews.statement_id', 'statements.id')
    .select([
      'claims.id',
      'claims.code',
      'claims.tier',
      'claims.prize',
      'statements.reference as statement_reference',
      'reviews.state as review_state',
      'reviews.reason as review_reason',
    ])
    .where('claims.id', '=', claimId)
    .executeTakeFirst();
}

/** Records a decision unless the complaint was answered meanwhile; false then. */
export async function decideComplaint(
  db: Db,
  id: string,
  decision: Pick<ComplaintTable, 'decision' | 'reason' | 'decided_by' | 'decided_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('complaints')
    .set({ ...decision, state: 'decided' })
    .where('id', '=', id)
    .where('state', '<>', 'answered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

type Answer = Pick<
  ComplaintTable,
  'answer_channel' | 'answer_mail' | 'letter_number' | 'letter_day' | 'answered_by' | 'answered_at'
>;

/** Records the answer (and queues its mail) unless it was answered meanwhile; false then. */
export async function answerComplaint(
  db: Db,
  id: string,
  answer: Answer,
  mail: OutboxTable | undefined,
): Promise<boolean> {
  const result = await db
    .updateTable('complaints')
    .set({ ...answer, state: 'answered' })
    .where('id', '=', id)
    .where('state', '=', 'decided')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (mail) await queueMail(db, [mail]);
  return true;
}
