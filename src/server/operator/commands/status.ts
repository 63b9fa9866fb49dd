import { formatWarsawDateTime } from '#shared/warsaw-time.ts';
import { tierStatus } from '../../claims/status';
import type { Command } from '../command';

/** docs/decisions/operations.md#operator-output: one line per tier, as of the campaign clock, so the operator knows whom to chase. */
export const status: Command = {
  name: 'status',
  usage: 'status',
  description: 'podsumowuje zgłoszenia, oświadczenia i terminy w każdej kategorii',
  async run({ storage, clock, config, emit, tell }) {
    const { lines, unmailed } = await tierStatus(storage, clock.campaign());
    for (const line of lines) emit(line);
    // docs/decisions/server-house.md#two-clocks-chosen-per-use: 'overdue' is as of the campaign clock, so
    // a command without the server's CAMPAIGN_NOW would find every claim of a demo started with it overdue.
    const asOf = formatWarsawDateTime(clock.campaign());
    tell(
      config.campaignNowMs === undefined
        ? `Terminy oświadczeń liczone na ${asOf} (czas rzeczywisty). Jeśli serwer działa z CAMPAIGN_NOW, uruchom status z tym samym CAMPAIGN_NOW.`
        : `Terminy oświadczeń liczone na ${asOf} (CAMPAIGN_NOW).`,
    );
    // docs/decisions/mail.md#addresses: these winners get no mail; the operator reaches them otherwise.
    if (unmailed.length > 0)
      tell(
        `Czekają na oświadczenie bez adresu e-mail w pliku zwycięzców (poczta do nich nie dotrze): ${unmailed
          .map(({ tier, claims }) => `kategoria ${tier}: ${claims}`)
          .join(', ')}.`,
      );
  },
};
