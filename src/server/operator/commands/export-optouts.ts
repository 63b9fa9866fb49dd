import { exportOptouts as exportFile } from '../exports';
import { option, type Command } from '../command';

/** The addresses that resigned, as a CSV (spec §5). */
export const exportOptouts: Command = {
  name: 'export-optouts',
  usage: 'export-optouts --out <plik.csv>',
  description: 'zapisuje do pliku CSV rezygnacje z udziału w loterii',
  async run({ storage, args, emit }) {
    emit(await exportFile(storage, option(args, '--out', 'plik.csv')));
  },
};
