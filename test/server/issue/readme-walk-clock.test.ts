import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimLine } from '#server/claims/claims.ts';
import { DEMO_CONTACT } from '#server/demo/dataset.ts';
import { importDemoIfEmpty } from '#server/demo/demo.ts';
import { verifyAudit } from '#server/staff/audit.ts';
import { prizeValue, tierById, type TierId } from '#shared/campaign.ts';
import { fakeClock, openTestApp, postStatement, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { panelSettings, panelStaff, type PanelPerson } from '../helpers/panel';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';

// README.md "A prize claim from start to end" under the quick start's CAMPAIGN_NOW, on its demo data, through
// the server (test/e2e/readme-walk.test.ts walks it in Chromium on the real clock): every day of the lottery
// is the campaign's (docs/decisions/server-house.md#two-clocks-chosen-per-use). It paid on the real day, late against
// 31 January 2026 and taxed in 2026, and refused every issue day ("Data nie może być wcześniejsza niż
// 2026-…"), so no parcel, car or carrier's file could be recorded.

const CAMPAIGN_NOW = '2025-07-16T12:00:00+02:00';
const TODAY = '2025-07-16';
const MINUTE_MS = 60_000;

describe('the README’s walk under CAMPAIGN_NOW, on the demo data', () => {
  let t: TestApp;
  /** The real clock a few minutes behind, then now: the undo windows pass for the app and the commands. */
  let realBehind = 5 * MINUTE_MS;
  const clock = fakeClock({ campaign: () => Date.parse(CAMPAIGN_NOW), real: () => Date.now() - realBehind });
  const { personWith, call } = panelStaff(() => t, clock);
  const where = () => ({
    dataDir: t.dataDir,
    databaseUrl: t.databaseUrl,
    statementsKey: t.statementsKey,
    audit: t.audit,
  });
  const operator = (args: string[]) => runOperator(args, where(), { CAMPAIGN_NOW });
  /** The statement id and reference of each tier's walk. */
  const sent = new Map<TierId, { id: string; reference: string }>();
  let clerk: PanelPerson;

  beforeAll(async () => {
    t = await openTestApp(storageTargets[0]!, { panel: panelSettings, rateLimitMax: 10_000 }, clock);
    const file = await importDemoIfEmpty(t.storage, t.dataDir, t.statementsKey, clock);
    const links = fs
      .readFileSync(file!, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ClaimLine);
    // The WinTo! winner (its payout), the car (tier I, handed over), a smartwatch (IV, a parcel sent in the
    // panel, delivered by the carrier's file) and a tier III prize (a parcel only the carrier's file knows).
    for (const tier of ['WINTO', 'I', 'IV', 'III'] as const) {
      const line = links.find((one) => one.tier === tier)!;
      const hash = new URLSearchParams(line.link.split('?')[1] ?? '').get('hash');
      const contact = hash ? {} : { email: DEMO_CONTACT.email };
      const answer = await postStatement(t, { ...validStatement(tier, line.code, hash), ...contact });
      expect(answer.statusCode, `${tier}: ${answer.body}`).toBe(201);
      const { id } = await t.storage.db
        .selectFrom('statements')
        .select('id')
        .where('code', '=', line.code)
        .executeTakeFirstOrThrow();
      sent.set(tier, { id, reference: answer.json<{ reference: string }>().reference });
    }
    // Steps 3–6: a reviewer accepts, an approver confirms where the tier needs one.
    const reviewer = await personWith(['reviewer']);
    const approver = await personWith(['approver']);
    for (const { id } of sent.values()) {
      await call(reviewer, 'POST', `review/statements/${id}/take`);
      const decided = (
        await call(reviewer, 'POST', `review/statements/${id}/decision`, { outcome: 'accept' })
      ).json<{
        state: string;
      }>();
      if (decided.state === 'awaiting-approval')
        await call(approver, 'POST', `review/statements/${id}/approval`, { outcome: 'confirm' });
    }
    realBehind = 0;
    clerk = await personWith(['payout']);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('step 6: the payout file is dated and the prize paid on the lottery’s day', async () => {
    const ids = [sent.get('WINTO')!.id];
    const file = await call(clerk, 'POST', 'payouts/export', { ids });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="wyplaty-${TODAY}.csv"`);
    expect((await call(clerk, 'POST', 'payouts/paid', { ids })).json()).toEqual({ paid: 1 });
  });

  it('step 8: the car’s handover and a parcel are recorded in the panel on the lottery’s day', async () => {
    const car = await call(clerk, 'POST', `issue/${sent.get('I')!.id}/steps`, {
      step: 'handed-over',
      day: TODAY,
    });
    expect(car.json()).toMatchObject({ state: 'handed-over', issuedOn: TODAY, late: false });
    const parcel = await call(clerk, 'POST', `issue/${sent.get('IV')!.id}/steps`, {
      step: 'shipped',
      day: TODAY,
      carrier: 'InPost',
      tracking: '620000001',
    });
    expect(parcel.json()).toMatchObject({ state: 'shipped', shippedOn: TODAY });
    // A day after the campaign's today is in the future, as on any day.
    const tomorrow = await call(clerk, 'POST', `issue/${sent.get('IV')!.id}/steps`, {
      step: 'delivered',
      day: '2025-07-17',
    });
    expect(tomorrow.statusCode).toBe(400);
  });

  it('step 8: import-shipments records a carrier’s file, once', async () => {
    const file = path.join(t.dataDir, 'przesylki.csv');
    fs.writeFileSync(
      file,
      [
        'reference,carrier,tracking,shippedOn,deliveredOn',
        `${sent.get('IV')!.reference},InPost,620000001,${TODAY},${TODAY}`,
        `${sent.get('III')!.reference},DPD,DPD0001,${TODAY},`,
      ].join('\n'),
    );
    const imported = await operator(['import-shipments', file]);
    expect(imported).toMatchObject({ exitCode: 0, lines: [{ imported: 2, mailed: 1 }] });
    expect((await operator(['import-shipments', file])).lines).toEqual([{ imported: 0, mailed: 0 }]);
  });

  it('step 8: issue-status counts them issued, none late; tax-report --year 2025 has the tax of July 2025', async () => {
    const status = await operator(['issue-status']);
    const line = (tier: string) => status.lines.find((one) => one.tier === tier);
    expect(line('WINTO')).toMatchObject({ accepted: 1, issued: 1, toIssue: 0, late: 0 });
    expect(line('I')).toMatchObject({ accepted: 1, issued: 1, toIssue: 0, late: 0 });
    expect(line('IV')).toMatchObject({ accepted: 1, issued: 1, toIssue: 0, late: 0 });
    expect(line('III')).toMatchObject({ accepted: 1, issued: 0, toIssue: 1, late: 0 });

    const tax = (tier: TierId) => prizeValue(tierById(tier)!.prize).tax;
    const report = await operator(['tax-report', '--year', '2025']);
    expect(report.lines).toEqual([
      { month: '2025-07', prizes: 2, tax: tax('WINTO') + tax('I'), dueBy: '2025-08-20' },
      { year: 2025, prizes: 2, tax: tax('WINTO') + tax('I') },
    ]);
    expect(tax('WINTO')).toBe(778);
    expect((await operator(['tax-report', '--year', '2026'])).lines).toEqual([
      { year: 2026, prizes: 0, tax: 0 },
    ]);

    const out = path.join(t.dataDir, 'rejestr.csv');
    expect((await operator(['export-register', '--out', out])).lines).toEqual([{ out, entries: 2 }]);
    const entries = fs.readFileSync(out, 'utf8').trimEnd().split('\r\n').slice(1);
    expect(entries.map((row) => row.split(';')[15])).toEqual([TODAY, TODAY]);
    expect(await verifyAudit(t.storage)).toMatchObject({ verified: true });
  });
});
