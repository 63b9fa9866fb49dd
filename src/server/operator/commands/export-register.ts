import { exportRegister as exportFile } from '../../issue/register';
import { option, type Command } from '../command';

/** docs/decisions/prize-issue.md#register: the register of prizes of at least 2 280 zł, as a CSV file. */
export const exportRegister: Command = {
  name: 'export-register',
  usage: 'export-register --out <plik.csv>',
  description:
    'zapisuje do pliku CSV rejestr wydanych nagród o wartości co najmniej 2 280 zł (z danymi laureatów; dopisuje nowe pozycje i korekty)',
  async run({ storage, clock, key, args, emit }) {
    const out = option(args, '--out', 'plik.csv');
    emit(await exportFile({ storage, clock, statementsKey: key.key, previousKeys: key.previous }, out));
  },
};
