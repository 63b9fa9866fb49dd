import { randomUUID } from 'node:crypto';
import { warsawDate, warsawLocalToInstant } from '#shared/warsaw-time.ts';
import { isoAt, type Clock } from '../clock';
import type { ClaimLine } from '../claims/claims';
import { findClaimsByCode } from '../db/claims';
import { insertDecidedStatement } from '../db/demo-decisions';
import type { Storage } from '../db';
import type { IssueStep, ReviewTable } from '../db/types';
import { newReference } from '../statements/reference';
import { sealStatement } from '../statements/sealed';
import { sealerFor } from '../statements/period-keys';
import { DEMO_CONTACT } from './dataset';

// docs/decisions/retention.md#demo: a few demo statements already decided and issued, so that
// `retention-plan --on 2031-01-01` and `--on 2032-01-01` show the purge days at work on a fresh `npm start`:
// a 200 zł prize paid on 10 Sep 2025 (due 2031) and one paid on 15 Jan 2026 (due 2032), a smartwatch delivered
// on 20 Sep 2025 (due 2031) and a camera on 12 Jan 2026 (due 2032), a smartwatch accepted and not issued (never
// due), a phone rejected for good (due 2026-09-05). All below the register's threshold and untaxed: the
// README's walk issues the first prize of the register and of the tax report (the taxed vectors are tested in
// test/server/retention/). Fictional person, the demo's contact.
//
// Their days are the lottery's (docs/decisions/server-house.md#two-clocks-chosen-per-use): a demo started under CAMPAIGN_NOW
// behaves as of then, so it holds only the decisions whose every day has come on the campaign clock (none on
// 16 July 2025, the README's walk; all on the real day after January 2026).

interface DemoDecision {
  prize: string;
  outcome: 'accept' | 'reject';
  /** A Warsaw day: the statement arrived, the decision became final. */
  receivedOn: string;
  decidedOn: string;
  paidOn?: string;
  step?: { step: IssueStep; day: string };
}

const DEMO_DECISIONS: readonly DemoDecision[] = [
  {
    prize: 'KASA_200',
    outcome: 'accept',
    receivedOn: '2025-08-20',
    decidedOn: '2025-09-01',
    paidOn: '2025-09-10',
  },
  {
    prize: 'KASA_200',
    outcome: 'accept',
    receivedOn: '2025-09-08',
    decidedOn: '2026-01-05',
    paidOn: '2026-01-15',
  },
  {
    prize: 'ZEGAREK',
    outcome: 'accept',
    receivedOn: '2025-08-25',
    decidedOn: '2025-09-05',
    step: { step: 'delivered', day: '2025-09-20' },
  },
  {
    prize: 'APARAT',
    outcome: 'accept',
    receivedOn: '2025-09-10',
    decidedOn: '2025-12-01',
    step: { step: 'delivered', day: '2026-01-12' },
  },
  { prize: 'ZEGAREK', outcome: 'accept', receivedOn: '2025-09-01', decidedOn: '2025-09-15' },
  { prize: 'TELEFON', outcome: 'reject', receivedOn: '2025-08-10', decidedOn: '2025-08-20' },
];

const at = (day: string) => isoAt(warsawLocalToInstant(`${day}T12:00:00`));

/** Its last day: the decision's days on the campaign clock, none after the campaign's today. */
const lastDayOf = (decision: DemoDecision) =>
  [decision.receivedOn, decision.decidedOn, decision.paidOn ?? '', decision.step?.day ?? ''].sort().at(-1)!;

/**
 * Adds the demo's decided statements, to a prize's claims from its second to last backwards in the import's
 * order (`lines`, as demo-links.jsonl lists them; the demo's tests and the README send statements to the first
 * and the last ones). The claims themselves carry no order: one import gives them one created_at.
 */
export async function addDemoDecisions(
  storage: Storage,
  lines: readonly Pick<ClaimLine, 'code' | 'award' | 'tier'>[],
  clock: Clock,
): Promise<void> {
  const used = new Map<string, number>();
  const sealer = await sealerFor(storage, 'open');
  const today = warsawDate(clock.campaign());
  for (const decision of DEMO_DECISIONS.filter((one) => lastDayOf(one) <= today)) {
    const taken = (used.get(decision.prize) ?? 0) + 1;
    used.set(decision.prize, taken);
    const line = lines.filter(({ award }) => award === decision.prize).at(-1 - taken);
    if (!line) continue;
    const claim = (await findClaimsByCode(storage.db, line.code, line.tier)).find(
      ({ prize }) => prize === decision.prize,
    );
    if (!claim) continue;
    const id = randomUUID();
    const { secrets } = sealStatement(sealer, claim.id, {
      type: claim.tier,
      code: claim.code,
      name: 'Jan',
      surName: 'Przykładowy',
      email: DEMO_CONTACT.email,
      phoneNumber: DEMO_CONTACT.phone,
    });
    const final = at(decision.decidedOn);
    const review: ReviewTable = {
      statement_id: id,
      claim_id: claim.id,
      tier: claim.tier,
      state: decision.outcome === 'accept' ? 'accepted' : 'rejected',
      reviewer_id: 'demo',
      taken_at: final,
      outcome: decision.outcome,
      reason: null,
      note: null,
      decided_at: final,
      approver_id: null,
      approval: null,
      approval_note: null,
      approved_at: null,
      final_by: 'demo',
      final_at: final,
      // The undo window is real time: long over, whatever the campaign clock says.
      undo_until: isoAt(Math.min(Date.parse(final), clock.real())),
      verdict_mail: null,
      paid_at: decision.paidOn ? at(decision.paidOn) : null,
      paid_by: decision.paidOn ? 'demo' : null,
    };
    const steps = decision.step
      ? [
          {
            id: randomUUID(),
            statement_id: id,
            parcel: 1,
            ...decision.step,
            carrier: null,
            tracking: null,
            source: 'panel' as const,
            recorded_by: 'demo',
            recorded_at: at(decision.step.day),
          },
        ]
      : [];
    const received = at(decision.receivedOn);
    await insertDecidedStatement(storage.db, {
      statement: {
        id,
        claim_id: claim.id,
        tier: claim.tier,
        code: claim.code,
        payload: '',
        secrets,
        image: null,
        reference: newReference(),
        created_at: received,
        campaign_received_at: received,
      },
      review,
      steps,
    });
  }
}
