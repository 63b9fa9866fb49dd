import reviewTexts from '#content/review.json';
import { isOnlineCode, tierById } from '#shared/campaign.ts';
import { fill } from '#shared/content/template.ts';
import { warsawDate } from '#shared/warsaw-time.ts';
import { flatten, HEADER_FIELDS, MASKED_FIELDS as MASKED, STORAGE_OF } from '#shared/statement/payload.ts';
import type { MarkKind } from '#shared/statement/payload-rows.ts';
import {
  actsFrom,
  REVEAL_WITH,
  REVIEW_ACTIONS,
  REVIEW_TRANSITIONS,
  type ReviewAction,
} from '#shared/review-states.ts';
import { isValidPesel, peselBirthDate } from '#shared/statement/checksums.ts';
import type { Clock } from '../clock';
import { decryptText, type Sealer } from '../crypto/encryption';
import { noteContext } from './note-context';
import { marksOf, sameMarks, type statementForReview } from '../db/reviews';
import { reserveOfClaim } from '../db/reserves';
import { staffEmails } from '../db/staff';
import type { Storage } from '../db';
import { statementDeadline } from '../claims/deadline';
import { rejectedForGood, undoOpen } from '../claims/prize-lost';
import { unsealStatement } from '../statements/sealed';
import { MARK_FIELD } from './marks';
import { lostPrizes, type LostPrize } from '../claims/reserve';

// docs/decisions/review.md#statement-view: a statement as the panel shows it, decrypted on the server for
// this view only: the numbers that identify a person masked until revealed, facts the product can check
// listed as findings (not verdicts), and what the person looking may do now.

export type LoadedStatement = NonNullable<Awaited<ReturnType<typeof statementForReview>>>;

/** Who is looking. */
export interface Viewer {
  staffId: string;
  roles: readonly string[];
}

/** Shown masked, last characters visible, until 'Pokaż' with a reason (the payload table's `review.masked`). */
export const MASKED_FIELDS: ReadonlySet<string> = new Set(MASKED);
const VISIBLE_END = 4;
/** In the header, or not among the sealed fields: the only payload fields without a label in review.json. */
export const NOT_LISTED: ReadonlySet<string> = new Set([
  ...HEADER_FIELDS,
  ...[...STORAGE_OF].flatMap(([field, storage]) => (storage === 'sealed' ? [] : [field])),
]);

export const REASONS = reviewTexts.reasons;
export const reasonOf = (key: string | null) => REASONS.find((reason) => reason.key === key);
/** Why a masked number or the coupon photo is shown: a key of review.json's list, each look audited with it. */
export const isRevealReason = (key: unknown) =>
  reviewTexts.revealReasons.some((reason) => reason.key === key);

/** The tiers whose decisions a second person confirms: those with a tax award (I, II, III, WinTo!). */
export const needsApproval = (tier: string) => tierById(tier)?.taxAward === true;

/** A note sealed with the open family's key held by the decision's transaction (statements/period-keys.ts). */
export const sealNote = (sealer: Sealer, statementId: string, which: 'note' | 'approval', note: string) =>
  note === '' ? null : sealer.seal(Buffer.from(note, 'utf8'), noteContext(statementId, which));
export const openNote = (
  keys: readonly Buffer[],
  statementId: string,
  which: 'note' | 'approval',
  sealed: string | null,
) => (sealed === null ? '' : decryptText(keys, sealed, noteContext(statementId, which)));

export const openPayload = (key: Buffer, row: LoadedStatement) =>
  unsealStatement([key], row.claim_id, row) as Record<string, unknown>;

const mask = (value: string) =>
  '•'.repeat(Math.max(0, value.length - VISIBLE_END)) + value.slice(-VISIBLE_END);

function display(name: string, value: unknown): string {
  const { values } = reviewTexts;
  if (value === true) return values.yes;
  if (value === false) return values.no;
  if (value === null || value === undefined || value === '') return values.none;
  if (name === 'codeType') return value === 'ONLINE' ? values.online : values.offline;
  return String(value);
}

/** Every field the winner sent, in the content file's order; one it does not name, by its own name. */
function fields(payload: Record<string, unknown>) {
  const labels: Record<string, string> = reviewTexts.fields;
  const flat = flatten(payload);
  const known = Object.keys(labels).filter((name) => name in flat);
  const others = Object.keys(flat).filter((name) => !(name in labels) && !NOT_LISTED.has(name));
  return [...known, ...others].map((name) => {
    const masked = MASKED_FIELDS.has(name) && typeof flat[name] === 'string' && flat[name] !== '';
    return {
      name,
      label: labels[name] ?? name,
      value: masked ? mask(flat[name] as string) : display(name, flat[name]),
      masked,
    };
  });
}

/** Full years between a birth date and a day, both YYYY-MM-DD. */
function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m * 100 + d < bm * 100 + bd ? 1 : 0);
}

const ADULT_AGE = 18;

interface Finding {
  level: 'ok' | 'warning' | 'info';
  text: string;
}

/**
 * The coupon photo, by the code's own type (spec §4: its first character), not by what the statement says:
 * a coupon code's photo is expected where the tier's form asks for one, an online code needs none.
 */
function photoFinding(row: LoadedStatement): Finding {
  const texts = reviewTexts.findings;
  if (row.has_image) return { level: 'ok', text: texts.photo };
  if (isOnlineCode(row.code)) return { level: 'info', text: texts.onlineNoPhoto };
  return tierById(row.tier)?.payload.image
    ? { level: 'warning', text: texts.noPhoto }
    : { level: 'info', text: texts.photoNotAsked };
}

async function findings(
  db: Storage['db'],
  row: LoadedStatement,
  payload: Record<string, unknown>,
  reserve: { reserve: number } | undefined,
) {
  const texts = reviewTexts.findings;
  const issued = warsawDate(Date.parse(row.issued_at));
  const deadline = statementDeadline(Date.parse(row.issued_at));
  // docs/decisions/server-house.md#two-clocks-chosen-per-use: the arrival on the deadline's clock.
  const received = warsawDate(Date.parse(row.campaign_received_at));
  const list: Finding[] = [
    { level: 'info', text: fill(texts.claim, { reference: row.reference ?? '—', issued, deadline }) },
    received <= deadline
      ? { level: 'ok', text: fill(texts.inTime, { received }) }
      : { level: 'warning', text: fill(texts.late, { received, deadline }) },
  ];
  if (reserve) list.push({ level: 'info', text: fill(texts.reserve, { reserve: String(reserve.reserve) }) });
  const pesel = typeof payload.pesel === 'string' && isValidPesel(payload.pesel) ? payload.pesel : undefined;
  const birthDate = pesel
    ? peselBirthDate(pesel)
    : typeof payload.birthDate === 'string'
      ? payload.birthDate
      : undefined;
  if ('pesel' in payload || 'birthDate' in payload) {
    if (birthDate === undefined) list.push({ level: 'warning', text: texts.ageUnknown });
    else {
      const age = ageOn(birthDate, received);
      list.push(
        age >= ADULT_AGE
          ? { level: 'ok', text: fill(texts.adult, { age: String(age) }) }
          : { level: 'warning', text: fill(texts.minor, { age: String(age) }) },
      );
    }
  }
  if ([...MASKED_FIELDS].some((name) => name in payload)) list.push({ level: 'ok', text: texts.checksums });
  const marks = await marksOf(db, row.id);
  const same = await sameMarks(db, row.claim_id, marks);
  const labels: Record<string, string> = reviewTexts.fields;
  for (const other of same) {
    const what = labels[MARK_FIELD[other.kind as MarkKind]] ?? other.kind;
    list.push({
      level: 'warning',
      text: fill(texts.sameValue, { what, reference: other.reference ?? '—', tier: other.tier }),
    });
  }
  if (same.length === 0 && marks.some((mark) => mark.kind !== 'none'))
    list.push({ level: 'ok', text: texts.noSameValue });
  list.push(photoFinding(row));
  if (row.drawn_name !== null) {
    const typed = [payload.name, payload.surName].filter((part) => typeof part === 'string').join(' ');
    list.push({
      level: 'info',
      text: fill(texts.drawnFor, { drawn: row.drawn_name, typed: typed || reviewTexts.values.none }),
    });
  }
  return list;
}

/** Whether the viewer's roles and part in the statement allow the action now (review-states.ts). */
function allowed(action: ReviewAction, row: LoadedStatement, viewer: Viewer, nowMs: number): boolean {
  const rule = REVIEW_TRANSITIONS[action];
  if (!actsFrom(action, row.state) || !rule.roles.some((role) => viewer.roles.includes(role))) return false;
  if (rule.actor === 'holder') return row.reviewer_id === viewer.staffId;
  if (rule.actor === 'not-holder') return row.reviewer_id !== viewer.staffId;
  if (rule.actor === 'final-maker') return row.final_by === viewer.staffId && undoOpen(row, nowMs);
  return true;
}

/**
 * docs/decisions/review.md#unmasking: a masked number or the photo is shown only to whoever acts on the
 * statement now: the reviewer holding it, or an approver (not its reviewer) while it awaits approval.
 */
export const mayReveal = (row: LoadedStatement, viewer: Viewer): boolean =>
  REVEAL_WITH.some((action) => allowed(action, row, viewer, 0));

/** What the viewer may do now, in the table's order; a prize passes on only while a reserve waits for it. */
function actionsFor(row: LoadedStatement, viewer: Viewer, nowMs: number, lost: LostPrize | undefined) {
  return REVIEW_ACTIONS.filter((action) => {
    if (action === 'reveal') return mayReveal(row, viewer);
    if (action === 'pass-to-reserve' && lost?.lost !== 'reserve-available') return false;
    return allowed(action, row, viewer, nowMs);
  });
}

/** The statement as the panel shows it (docs/api.md#staff-panel). */
export async function statementView(
  deps: { storage: { db: Storage['db'] }; clock: Clock; statementsKey: Buffer },
  row: LoadedStatement,
  viewer: Viewer,
) {
  const { db } = deps.storage;
  const key = deps.statementsKey;
  const nowMs = deps.clock.real();
  const payload = openPayload(key, row);
  const people = new Map(
    (
      await staffEmails(
        db,
        [row.reviewer_id, row.approver_id].filter((id): id is string => id !== null),
      )
    ).map((person) => [person.id, person.email]),
  );
  const reason = reasonOf(row.reason);
  const issuedMs = Date.parse(row.issued_at);
  // A reserve entry's claim says which reserve it is (the panel shows it among the facts).
  const reserve = await reserveOfClaim(db, row.claim_id);
  const lost = rejectedForGood(row, nowMs)
    ? (await lostPrizes(db, [{ id: row.claim_id, tier: row.tier }])).get(row.claim_id)
    : undefined;
  return {
    id: row.id,
    reference: row.reference,
    tier: row.tier,
    code: row.code,
    state: row.state,
    // When it arrived, a fact of the lottery: the campaign clock's, as its findings read it.
    receivedAt: row.campaign_received_at,
    claim: {
      id: row.claim_id,
      issuedDate: warsawDate(issuedMs),
      deadlineDate: statementDeadline(issuedMs),
      reserve: reserve?.reserve ?? null,
    },
    fields: fields(payload),
    image: row.has_image,
    findings: await findings(db, row, payload, reserve),
    reviewer:
      row.reviewer_id === null
        ? null
        : { email: people.get(row.reviewer_id) ?? '', me: row.reviewer_id === viewer.staffId },
    decision:
      row.outcome === null
        ? null
        : {
            outcome: row.outcome,
            reason: row.reason,
            reasonLabel: reason?.label ?? null,
            sentence: reason?.sentence ?? null,
            note: openNote([key], row.id, 'note', row.note),
            at: row.decided_at,
          },
    approval:
      row.approval === null
        ? null
        : {
            outcome: row.approval,
            by: people.get(row.approver_id ?? '') ?? '',
            at: row.approved_at,
            note: openNote([key], row.id, 'approval', row.approval_note),
          },
    final:
      row.final_at === null
        ? null
        : {
            outcome: row.state === 'accepted' ? 'accept' : 'reject',
            at: row.final_at,
            undoUntil: row.undo_until,
            canUndo: row.final_by === viewer.staffId && undoOpen(row, nowMs),
          },
    lost: lost?.lost ?? null,
    passedTo: lost?.passedTo ?? null,
    actions: actionsFor(row, viewer, nowMs, lost),
    reasons: REASONS,
  };
}

export type StatementView = Awaited<ReturnType<typeof statementView>>;
