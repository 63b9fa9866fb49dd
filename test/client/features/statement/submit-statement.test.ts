import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitStatement } from '#client/features/statement/submit-statement.ts';
import { tierById } from '#shared/campaign.ts';
import { validStatements } from '../../../fixtures/statements';

// The 201 answer carries the statement's reference (docs/api.md#statements); an older server's does not,
// and a statement the server stored is a success whatever its answer's body.
describe('submitStatement reads the reference of a 201', () => {
  const fixture = validStatements.find((candidate) => candidate.tier === 'VI')!;
  const send = (body: BodyInit | null) => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(body, { status: 201 })));
    return submitStatement(tierById('VI')!, fixture.payload);
  };
  afterEach(() => vi.unstubAllGlobals());

  it('gives the reference the server sent', async () => {
    expect(await send(JSON.stringify({ status: 'ok', reference: 'K7QM-4XD9' }))).toEqual({
      ok: true,
      reference: 'K7QM-4XD9',
    });
  });

  it.each([
    ['an older server', JSON.stringify({ status: 'ok' })],
    ['no body', null],
    ['a body that is not JSON', 'Created'],
    ['a reference that is not text', JSON.stringify({ status: 'ok', reference: 42 })],
    ['an empty reference', JSON.stringify({ status: 'ok', reference: ' ' })],
  ])('%s: a success without a reference', async (_, body) => {
    expect(await send(body)).toEqual({ ok: true });
  });
});
