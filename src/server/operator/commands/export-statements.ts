import { exportStatements as exportFile } from '../exports';
import { option, type Command } from '../command';

/** The statements, decrypted, as a CSV with the coupon photos beside it (docs/api.md). */
export const exportStatements: Command = {
  name: 'export-statements',
  usage: 'export-statements --out <plik.csv>',
  async run({ storage, key, args, emit, progress }) {
    const out = option(args, '--out', 'plik.csv');
    emit(await exportFile(storage, key, out, progress('Eksport: oświadczenia')));
  },
};
