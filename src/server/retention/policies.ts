import { campaign } from '#shared/campaign.ts';
import { purgeDayOf } from '#shared/retention-dates.ts';
import { isoDateAfter, warsawDate } from '#shared/warsaw-time.ts';
import {
  claimsWithoutStatement,
  complaintRows,
  deleteInvitation,
  deleteOptout,
  deleteStaffSession,
  emptyClaim,
  emptyComplaint,
  emptyFailedBody,
  emptyStatement,
  failedBodies,
  invitationRows,
  optoutRows,
  staffSessionRows,
} from '../db/retention';
import type { AppDeps } from '../deps';
import { statementRetention, type StatementRetention } from './statements';

// docs/decisions/retention.md#policies: the table of policies, one row per class of records: how long each is
// kept, why, which of its records are due, and how one is emptied. retention-plan and retention-run read it.

type Db = AppDeps['storage']['db'];

/** A record of a class as of now: its purge day (null: never due while so) and whether a hold keeps it. */
export interface RetentionRecord {
  /** What its receipt names: a statement's reference, or the row's own id or digest (no personal data). */
  reference: string;
  purgeOn: string | null;
  held: boolean;
  /** Empties or deletes it in the run's transaction, checking its holds again; false when it was not. */
  purge(trx: Db): Promise<boolean>;
}

/** What the records are read with: the real clock's now, and who holds what. */
export interface HoldsNow {
  realNowMs: number;
  /** The references held by hand (retention-hold). */
  references: ReadonlySet<string>;
  /** The claims with a complaint not answered yet. */
  complaintClaims: ReadonlySet<string>;
}

export interface RetentionPolicy {
  class: string;
  /** How long, in Polish (retention-plan tells it). */
  period: string;
  /** Why that long, in Polish. */
  reason: string;
  records(db: Db, holds: HoldsNow): Promise<RetentionRecord[]>;
}

/** Days a staff session or an invitation is kept after it ended: to answer "why could I not log in". */
export const STAFF_RECORD_DAYS = 30;
/** Days a failed message keeps its body after its first failure: mail-retry can still send it. */
export const FAILED_BODY_DAYS = 90;

const dayOf = (iso: string) => warsawDate(Date.parse(iso));
/** The first day after `days` days from the instant `iso`'s Warsaw day. */
const daysAfter = (iso: string, days: number) => isoDateAfter(dayOf(iso), days + 1);
/** The short period of what was never issued (docs/decisions/retention.md#never-issued), from `iso`'s day. */
const lapseAfter = (iso: string) =>
  purgeDayOf({ kind: 'never-issued', endedOn: dayOf(iso) }, campaign).purgeOn;

const unheld = { held: false } as const;

type ComplaintRow = Awaited<ReturnType<typeof complaintRows>>[number];

/**
 * docs/decisions/retention.md#complaints: an answered complaint's purge day: the short period after its answer
 * (and the lottery's end), and never before the records of the claim it concerns (its statements' purge days);
 * null while it is not answered, or while a statement of its claim has no purge day yet.
 */
function complaintPurgeOn(complaint: ComplaintRow, statements: readonly StatementRetention[]): string | null {
  if (complaint.state !== 'answered' || complaint.answered_at === null) return null;
  const days = [lapseAfter(complaint.answered_at), ...statements.map((statement) => statement.day.purgeOn)];
  if (days.includes(null)) return null;
  return (days as string[]).sort().at(-1)!;
}

/** The table of policies (docs/decisions/retention.md#policies), in the order retention-plan lists it. */
export const RETENTION_POLICIES: readonly RetentionPolicy[] = [
  {
    class: 'statements',
    period:
      '5 lat od końca roku wydania lub wypłaty nagrody, a dla nagrody opodatkowanej od końca roku, w którym podatek był należny; nagroda niewydana: 6 miesięcy od ostatecznej decyzji, nie wcześniej niż od końca loterii',
    reason:
      'regulamin (§9) i ustawa o grach hazardowych (ewidencja nagród), Ordynacja podatkowa (przedawnienie podatku); przedawnienie roszczeń z loterii (6 miesięcy)',
    async records(db, holds) {
      return (await statementRetention(db, holds.realNowMs))
        .filter((statement) => !statement.emptied)
        .map((statement) => ({
          reference: statement.reference,
          purgeOn: statement.day.purgeOn,
          held: holds.references.has(statement.reference) || holds.complaintClaims.has(statement.claimId),
          purge: (trx) => emptyStatement(trx, statement),
        }));
    },
  },
  {
    class: 'claims',
    period: '6 miesięcy od końca loterii (adres e-mail z pliku zwycięzców, gdy oświadczenia nie przysłano)',
    reason:
      'nagroda niewydana: roszczenia z loterii przedawniają się po 6 miesiącach, reklamacje kończą się z loterią',
    async records(db, holds) {
      return (await claimsWithoutStatement(db)).map((claim) => ({
        reference: claim.id,
        purgeOn: lapseAfter(claim.created_at),
        held: holds.complaintClaims.has(claim.id),
        purge: (trx) => emptyClaim(trx, claim.id),
      }));
    },
  },
  {
    class: 'complaints',
    period:
      '6 miesięcy od odpowiedzi na reklamację, nie wcześniej niż od końca loterii, a gdy dotyczy zgłoszenia z oświadczeniem — nie krócej niż dane tego oświadczenia; bez odpowiedzi: do odpowiedzi',
    reason:
      'reklamacje kończą się z loterią, a roszczenia z loterii przedawniają się po 6 miesiącach: do tego czasu odpowiedź może być sporna w sądzie; reklamacja dotycząca nagrody należy do dokumentacji jej wydania (ustawa o grach hazardowych, Ordynacja podatkowa)',
    async records(db, holds) {
      const statementsOf = new Map<string, StatementRetention[]>();
      for (const statement of await statementRetention(db, holds.realNowMs))
        statementsOf.set(statement.claimId, [...(statementsOf.get(statement.claimId) ?? []), statement]);
      return (await complaintRows(db)).map((complaint) => {
        const statements = (complaint.claim_id && statementsOf.get(complaint.claim_id)) || [];
        return {
          reference: complaint.reference,
          purgeOn: complaintPurgeOn(complaint, statements),
          held:
            holds.references.has(complaint.reference) ||
            statements.some((statement) => holds.references.has(statement.reference)) ||
            (complaint.claim_id !== null && holds.complaintClaims.has(complaint.claim_id)),
          purge: (trx) => emptyComplaint(trx, complaint.id),
        };
      });
    },
  },
  {
    class: 'optouts',
    period: '6 miesięcy od końca loterii',
    reason:
      'rezygnacja z nagrody dowodzi, że nagrody nie wydano, dopóki ktoś mógłby jej jeszcze dochodzić (przedawnienie 6 miesięcy)',
    async records(db) {
      return (await optoutRows(db)).map((optout) => ({
        reference: optout.hash_digest,
        purgeOn: lapseAfter(optout.resigned_at ?? optout.issued_at),
        ...unheld,
        purge: (trx) => deleteOptout(trx, optout.hash_digest),
      }));
    },
  },
  {
    class: 'outbox',
    period: `${FAILED_BODY_DAYS} dni od pierwszej nieudanej próby (treść wiadomości, której nie doręczono)`,
    reason:
      'wysłana lub anulowana wiadomość traci treść od razu; nieudaną można jeszcze ponowić (mail-retry), potem jej treść i adres nie są potrzebne',
    async records(db) {
      return (await failedBodies(db)).map((mail) => ({
        reference: mail.id,
        purgeOn: daysAfter(mail.first_failed_at ?? mail.created_at, FAILED_BODY_DAYS),
        ...unheld,
        purge: (trx) => emptyFailedBody(trx, mail.id),
      }));
    },
  },
  {
    class: 'staff-sessions',
    period: `${STAFF_RECORD_DAYS} dni od ostatniej aktywności w sesji`,
    reason:
      'sesja wygasa po 30 minutach bezczynności lub 8 godzinach; dziennik zdarzeń zachowuje logowania, sama sesja po miesiącu niczemu nie służy',
    async records(db) {
      return (await staffSessionRows(db)).map((session) => ({
        reference: session.token_digest,
        purgeOn: daysAfter(session.last_seen_at, STAFF_RECORD_DAYS),
        ...unheld,
        purge: (trx) => deleteStaffSession(trx, session.token_digest),
      }));
    },
  },
  {
    class: 'invitations',
    period: `${STAFF_RECORD_DAYS} dni od wygaśnięcia zaproszenia (lub linku odzyskania dostępu)`,
    reason: 'niewykorzystany link już nie działa; dziennik zdarzeń zachowuje, kto i kiedy go wydał',
    async records(db) {
      return (await invitationRows(db)).map((invitation) => ({
        reference: invitation.token_digest,
        purgeOn: daysAfter(invitation.expires_at, STAFF_RECORD_DAYS),
        ...unheld,
        purge: (trx) => deleteInvitation(trx, invitation.token_digest),
      }));
    },
  },
];
