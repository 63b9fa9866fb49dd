import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchDrawWinners, fetchInstantWinners } from '#client/features/winners/winners-data.ts';

const answer = (body: unknown, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

describe('winners lists (spec §7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the instant records from the data field', async () => {
    const record = { date: '2025-07-01', code: 'A1B2C3D4E5F', award: 'KASA_200', userPublish: 'Anna K.' };
    answer({ data: [record] });
    await expect(fetchInstantWinners()).resolves.toEqual([record]);
  });

  it('raises "Invalid data format: expected an array" for a data field that is no array', async () => {
    answer({ data: { code: 'A1B2C3D4E5F' } });
    await expect(fetchInstantWinners()).rejects.toThrow(/^Invalid data format: expected an array$/);
    answer([]);
    await expect(fetchInstantWinners()).rejects.toThrow(/^Invalid data format: expected an array$/);
  });

  it('raises "Failed to fetch draw data" for a draw list answered with an error', async () => {
    answer({ message: 'x' }, 503);
    await expect(fetchDrawWinners()).rejects.toThrow(/^Failed to fetch draw data$/);
  });
});
