import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../helpers/app';
import { validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';

// docs/decisions/security.md#abusive-bodies: one client's body must not cost the server seconds and
// megabytes. (The answer times of four such bodies at once, and of the winners lists meanwhile, are measured
// by npm run bench.)
describe('statement calls against oversized bodies', () => {
  let t: TestApp;
  const post = (endpoint: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${endpoint}`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });

  beforeAll(async () => {
    t = await openTestApp(storageTargets[0]!, { rateLimitMax: 1_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const manyKeys = (count: number) =>
    Array.from({ length: count }, (_, index) => `"${index.toString(36)}":1`).join(',');

  it.each([
    ['280 000 unknown keys', `{"type":"III",${manyKeys(280_000)}}`],
    ['280 000 keys and no type', `{${manyKeys(280_000)}}`],
    // refused unparsed (parsing is the cost): a broken end is never reached
    ['280 000 keys and broken JSON', `{"type":"III",${manyKeys(280_000)}`],
    [
      '100 000 keys inside the address',
      JSON.stringify({
        ...validStatement('III', 'T0000000003'),
        address: JSON.parse(`{${manyKeys(100_000)}}`),
      }),
    ],
    [
      'an array of 300 000 items',
      JSON.stringify({ ...validStatement('III', 'T0000000003'), name: Array(300_000).fill(0) }),
    ],
  ])('refuses %s in one short answer, before validating', async (_name, body) => {
    const response = await post('complete-testimonial', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'body: Przesłane dane zawierają nieznane pola.;' });
  });

  it('reports at most 20 problems', async () => {
    const statement = validStatement('I', 'C0000000001', 'h');
    const wrong = Object.fromEntries(Object.keys(statement).map((field) => [field, 7]));
    const response = await post('draw-complete-testimonial', JSON.stringify({ ...wrong, type: 'I' }));
    expect(response.statusCode).toBe(400);
    const items = String(response.json().message).split('; ');
    expect(Object.keys(statement).length).toBeGreaterThan(21);
    expect(items).toHaveLength(20);
  });

  it('gives tier VI, which sends no photo, a body of a few kilobytes; a photo tier keeps its room', async () => {
    const padded = (tier: 'III' | 'VI', code: string) =>
      JSON.stringify(validStatement(tier, code)).replace('{', `{${' '.repeat(20 * 1024)}`);
    const vi = await post('complete-testimonial', padded('VI', 'S0000000099'));
    expect(vi.statusCode).toBe(413);
    expect(vi.json()).toEqual({ message: 'body: Przesłane dane są za duże.;' });
    // the same size is fine where a photo may come: this one reaches the claim check
    expect((await post('complete-testimonial', padded('III', 'T0000000099'))).statusCode).toBe(404);
  });
});
