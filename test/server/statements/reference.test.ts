import { describe, expect, it } from 'vitest';
import { newReference } from '#server/statements/reference.ts';

describe('statement references', () => {
  it('are two groups of four symbols without look-alikes, every symbol used', () => {
    const counts = new Map<string, number>();
    for (let drawn = 0; drawn < 3_000; drawn += 1) {
      const reference = newReference();
      expect(reference).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
      for (const symbol of reference.replace('-', '')) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    // 24 000 symbols over 30: 800 each on average; every symbol is used, none far more than the others.
    expect(counts.size).toBe(30);
    for (const count of counts.values()) expect(count).toBeGreaterThan(650);
    for (const count of counts.values()) expect(count).toBeLessThan(950);
  });
});
