import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reissueLinks } from '#server/claims/claims.ts';
import { tierById } from '#shared/campaign.ts';
import { fakeClock, openTestApp, type TestApp } from '../helpers/app';
import { storageTargets } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';

describe('new statement links', () => {
  let t: TestApp;
  const keyAndClock = () => ({ statementsKey: t.statementsKey, clock: fakeClock() });

  beforeAll(async () => {
    t = await openTestApp(storageTargets[0]!);
    await importInto(t, winnersFixture);
  });
  afterAll(async () => {
    await t.close();
  });

  it('are given only to the tiers claimed by a link: a code tier would show its code to the hash holder', async () => {
    await expect(reissueLinks(t.storage, 'T0000000003', tierById('III')!, keyAndClock())).rejects.toThrow(
      'kategoria III nie używa linku z hashem',
    );
    const claim = await t.storage.db
      .selectFrom('claims')
      .select('hash_digest')
      .where('code', '=', 'T0000000003')
      .executeTakeFirstOrThrow();
    expect(claim.hash_digest).toBeNull();
    const [line] = await reissueLinks(t.storage, 'C0000000001', tierById('I')!, keyAndClock());
    expect(line).toMatchObject({
      code: 'C0000000001',
      tier: 'I',
      link: expect.stringMatching(/\?hash=.{32}$/),
    });
  });
});
