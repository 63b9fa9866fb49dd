import { taxReport as report } from '../../issue/tax';
import { option, UsageError, type Command } from '../command';

/** docs/decisions/prize-issue.md#tax: the tax withheld by month of collection, then the year's totals. */
export const taxReport: Command = {
  name: 'tax-report',
  usage: 'tax-report --year <RRRR>',
  description:
    'podaje podatek od nagród pobrany w każdym miesiącu roku (z terminem wpłaty) i sumy roku do deklaracji rocznej',
  async run({ storage, clock, args, emit }) {
    const year = option(args, '--year', 'RRRR');
    if (!/^\d{4}$/.test(year)) throw new UsageError(`--year musi być rokiem RRRR, a jest: ${year}`);
    const { months, year: totals } = await report({ storage, clock }, Number(year));
    for (const line of months) emit(line);
    emit(totals);
  },
};
