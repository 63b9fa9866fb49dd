import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, STATEMENT_ACCEPTED, postStatement, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, WINNER_CONTACT } from '../helpers/winners-fixture';
import fs from 'node:fs';
import path from 'node:path';

// docs/decisions/claims.md#claims: tiers III and VI are claimed by a code the winners list publishes. Only
// the sender whose e-mail or phone the code was registered with may claim it, and nobody else learns whether
// it is open.
describe.each(storageTargets)('claims of tiers III and VI on $name', (target) => {
  let t: TestApp;
  const post = (payload: Record<string, unknown>) => postStatement(t, payload);
  const stranger = { email: 'ktos.obcy@example.com', phoneNumber: '511222333' };

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
    await importInto(t, {
      instant: [
        // registered with an e-mail only, written differently from what the winner types
        {
          date: '2025-07-04',
          code: 'T0000000011',
          award: 'TELEFON',
          userPublish: 'Tomasz B.',
          email: '  Jan.Kowalski@EXAMPLE.com ',
        },
        // registered with a phone only
        {
          date: '2025-07-04',
          code: 'S0000000012',
          award: 'KASA_200',
          userPublish: 'Sara S.',
          phone: '600700800',
        },
      ],
      draws: [],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a stranger exactly as it answers a code that never won', async () => {
    const unknown = await post({ ...validStatement('III', 'T0000000099'), ...stranger });
    const squatter = await post({ ...validStatement('III', 'T0000000011'), ...stranger });
    expect(unknown.statusCode).toBe(404);
    expect(squatter.statusCode).toBe(unknown.statusCode);
    expect(squatter.body).toBe(unknown.body);
  });

  it('tells a III/VI sender to check the code and the contact, not a link these tiers do not have', async () => {
    const response = await post({ ...validStatement('VI', 'S0000000099'), ...stranger });
    const { message } = response.json() as { message: string };
    expect(message).toMatch(/^code: .*kod.*e-mail.*telefonu/);
    expect(message).not.toMatch(/link/);
  });

  it('takes the statement of the sender with the e-mail the code was registered with (case and spaces aside)', async () => {
    const response = await post({
      ...validStatement('III', 'T0000000011'),
      phoneNumber: stranger.phoneNumber,
    });
    expect(response.json()).toEqual(STATEMENT_ACCEPTED);
  });

  it('takes the statement of the sender with the phone the code was registered with', async () => {
    const response = await post({ ...validStatement('VI', 'S0000000012'), email: stranger.email });
    expect(response.json()).toEqual(STATEMENT_ACCEPTED);
  });

  it('tells only the winner that the statement was already sent; a stranger still reads "not found"', async () => {
    const winner = await post({ ...validStatement('VI', 'S0000000012'), email: stranger.email });
    expect(winner.statusCode).toBe(409);
    const squatter = await post({ ...validStatement('VI', 'S0000000012'), ...stranger });
    expect(squatter.statusCode).toBe(404);
  });

  it('keeps the contacts only as keyed digests, and never publishes them', async () => {
    const dump = JSON.stringify(await t.storage.db.selectFrom('claims').selectAll().execute()).toLowerCase();
    expect(dump).not.toContain('kowalski');
    expect(dump).not.toContain('600700800');
    // the published records, as the winners lists read them
    const published = JSON.stringify(await t.storage.db.selectFrom('instant_winners').selectAll().execute());
    expect(published).toContain('T0000000011');
    expect(published).not.toMatch(/kowalski|600700800|email|phone/i);
  });

  it('import-winners refuses a tier III or VI record without a contact, and prints no contact', async () => {
    const file = path.join(t.dataDir, 'winners.json');
    const record = { date: '2025-07-05', code: 'T0000000013', award: 'TELEFON', userPublish: 'T.' };
    fs.writeFileSync(file, JSON.stringify({ instant: [record] }));
    const refused = await runOperator(['import-winners', file], t);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('instant[0]: nagroda kategorii III wymaga pola email lub phone');

    fs.writeFileSync(file, JSON.stringify({ instant: [{ ...record, ...WINNER_CONTACT }] }));
    const imported = await runOperator(['import-winners', file], t);
    expect(imported.exitCode).toBe(0);
    expect(imported.lines).toEqual([
      { code: 'T0000000013', award: 'TELEFON', tier: 'III', link: '/oswiadczenie-iii-stopnia' },
    ]);
    expect(`${JSON.stringify(imported.lines)}${imported.stderr}`).not.toMatch(/kowalski|600700800/i);
  });
});
