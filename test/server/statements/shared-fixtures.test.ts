import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prizes, statementEndpoint, tierById } from '#shared/campaign.ts';
import type { WinnersFile } from '#server/winners/import-file.ts';
import { validStatements } from '../../fixtures/statements';
import { openTestApp, STATEMENT_ACCEPTED, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';
import { importInto } from '../helpers/winners-fixture';

// The statement fixtures the browser's validators accept (test/shared/statement-payload.test.ts) must be
// accepted by the running server too, once each has a real claim.
describe.each(storageTargets)('browser-valid statements through the server on $name', (target) => {
  let t: TestApp;
  const hashOf = new Map<string, string>();
  const claimKey = (code: string, tier: string) => `${code}|${tier}`;

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
    const file: WinnersFile = { instant: [], draws: [] };
    for (const { tier: tierId, payload } of validStatements) {
      const prize = tierById(tierId)!.prize;
      // Tiers III and VI are claimed with the contact the code was registered with: the fixture's own.
      const contact = { email: payload.email.toUpperCase() };
      if (prizes.catalogue[prize].type === 'draw') {
        file.draws.push({
          drawName: 'Draw1',
          price: prize,
          priceRank: 1,
          code: payload.code,
          name: 'X',
          testimonialId: '',
          ...contact,
        });
      } else {
        file.instant.push({
          date: '2025-07-10',
          code: payload.code,
          award: prize,
          userPublish: 'X',
          ...contact,
        });
      }
    }
    const { lines } = await importInto(t, file);
    for (const line of lines) {
      const hash = new URLSearchParams(line.link.split('?')[1] ?? '').get('hash');
      if (hash) hashOf.set(claimKey(line.code, line.tier), hash);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(validStatements)('$name: 201', async ({ tier: tierId, payload }) => {
    const tier = tierById(tierId)!;
    // The fixture's hash stands for "the link's hash": use the one of this claim.
    const body =
      tier.claimBy === 'hash' ? { ...payload, hash: hashOf.get(claimKey(payload.code, tierId)) } : payload;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/${statementEndpoint(tier)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.json()).toEqual(STATEMENT_ACCEPTED);
    expect(response.statusCode).toBe(201);
  });
});
