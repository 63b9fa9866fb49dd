import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '#server/mail/transport.ts';
import { warsawLocalToInstant } from '#shared/warsaw-time.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { panelSettings, panelStaff, type PanelPerson } from '../helpers/panel';
import { startTestSmtp, testDispatcher, type TestSmtp } from '../helpers/smtp';
import { storageTargets } from '../helpers/storage-targets';
import { validComplaint } from './complaint-fixtures';

// docs/decisions/complaints.md#clock: "answered in time" compares the day the answer left on the campaign
// clock with the deadline, which is on that clock; never the outbox's real-time instant. Here the two
// clocks disagree by months, as in a demo or a preview pinned by CAMPAIGN_NOW.
describe.each(storageTargets)('an e-mail answer on the deadline’s last minute, on $name', (target) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let clerk: PanelPerson;
  let campaignNow = warsawLocalToInstant('2026-02-01T10:00:00');
  const realNow = warsawLocalToInstant('2026-11-27T14:00:00');
  const clock = fakeClock({ campaign: () => campaignNow, real: () => realNow });
  const { personWith, call } = panelStaff(() => t, clock);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await openTestApp(target, { panel: panelSettings, rateLimitMax: 1_000 }, clock);
    clerk = await personWith(['complaints']);
  });
  afterAll(async () => {
    await smtp.stop();
    await t.close();
  });

  /** Files a complaint on the campaign's 1 February (due 22 February), decides it, queues its answer. */
  async function answeredBy(queuedAt: string) {
    campaignNow = warsawLocalToInstant('2026-02-01T10:00:00');
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validComplaint()),
    });
    expect(filed.json()).toMatchObject({ deadline: '2026-02-22' });
    const { id } = await t.storage.db
      .selectFrom('complaints')
      .select('id')
      .where('reference', '=', filed.json<{ reference: string }>().reference)
      .executeTakeFirstOrThrow();
    await call(clerk, 'POST', `complaints/${id}/decision`, {
      decision: 'rejected',
      reason: 'rules-followed',
    });
    campaignNow = warsawLocalToInstant(queuedAt);
    expect((await call(clerk, 'POST', `complaints/${id}/answer-mail`)).json()).toEqual({ state: 'answered' });
    return id;
  }
  const onTime = async (id: string) =>
    (await call(clerk, 'GET', `complaints/${id}`)).json<{ answer: { onTime: boolean | null } }>().answer
      .onTime;
  const dispatch = () =>
    testDispatcher(t, clock, smtpTransport(smtp.url, undefined), 'https://loteria.example.pl').sendDue();

  it('is on time once the outbox says sent while the campaign’s day is still the last one', async () => {
    const id = await answeredBy('2026-02-22T23:59:00');
    // Queued is not sent.
    expect(await onTime(id)).toBeNull();
    await dispatch();
    expect(await onTime(id)).toBe(true);
  });

  it('records the decision, the answer and the day it left on the campaign clock, not the real one', async () => {
    const id = await answeredBy('2026-02-22T23:59:00');
    await dispatch();
    const row = await t.storage.db
      .selectFrom('complaints')
      .select(['decided_at', 'answered_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      decided_at: new Date(warsawLocalToInstant('2026-02-01T10:00:00')).toISOString(),
      answered_at: new Date(warsawLocalToInstant('2026-02-22T23:59:00')).toISOString(),
    });
    // The desk shows the day it left, the one judged against the deadline (not November's real day).
    const { answer } = (await call(clerk, 'GET', `complaints/${id}`)).json<{
      answer: { sentAt: string; onTime: boolean };
    }>();
    expect(answer).toMatchObject({ sentAt: '2026-02-22', onTime: true });
  });

  it('is late when the outbox sent it on the next day, though queued on the last minute', async () => {
    const id = await answeredBy('2026-02-22T23:59:00');
    campaignNow = warsawLocalToInstant('2026-02-23T00:01:00');
    await dispatch();
    expect(await onTime(id)).toBe(false);
  });
});
