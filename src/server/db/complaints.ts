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

export type ComplaintRow = ComplaintTable & { mail_sent_at: string | null; decided_by_email: string | null };

/** Every complaint, by receipt, with its answer mail's sent time and who decided it (the protocol). */
export async function listComplaints(db: Db): Promise<ComplaintRow[]> {
  return db
    .selectFrom('complaints')
    .leftJoin('outbox', 'outbox.id', 'complaints.answer_mail')
    .leftJoin('staff', 'staff.id', 'complaints.decided_by')
    .selectAll('complaints')
    .select(['outbox.sent_at as mail_sent_at', 'staff.email as decided_by_email'])
    .orderBy('complaints.received_on')
    .orderBy('complaints.created_at')
    .orderBy('complaints.id')
    .execute();
}
