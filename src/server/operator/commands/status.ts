import { tierStatus } from '../../claims/status';
import type { Command } from '../command';

/** docs/decisions/operations.md#operator-output: one line per tier, as of the campaign clock, so the operator knows whom to chase. */
export const status: Command = {
  name: 'status',
  usage: 'status',
  description: 'podsumowuje zgłoszenia, oświadczenia i terminy w każdej kategorii',
  async run({ storage, clock, emit, tell }) {
    const { lines, unmailed } = await tierStatus(storage, clock.campaign());
    for (const line of lines) emit(line);
    // docs/decisions/mail.md#addresses: these winners get no mail; the operator reaches them otherwise.
    if (unmailed.length > 0)
      tell(
        `Czekają na oświadczenie bez adresu e-mail w pliku zwycięzców (poczta do nich nie dotrze): ${unmailed
          .map(({ tier, claims }) => `kategoria ${tier}: ${claims}`)
          .join(', ')}.`,
      );
  },
};
