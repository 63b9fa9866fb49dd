import fs from 'node:fs';
import { importShipments as importFile } from '../../issue/shipments';
import { positional, type Command } from '../command';
import { OperatorError } from '../exports';

/** docs/api.md#operator-commands: a carrier's report of parcels; the same file again imports and mails nothing. */
export const importShipments: Command = {
  name: 'import-shipments',
  usage: 'import-shipments <plik.csv>',
  description:
    'zapisuje wysyłki, doręczenia i zwroty nagród z pliku CSV przewoźnika (reference,carrier,tracking,shippedOn,deliveredOn lub returnedOn)',
  async run({ storage, clock, key, args, emit }) {
    const file = positional(args, 'plik.csv');
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      throw new OperatorError(`nie można odczytać pliku ${file}`);
    }
    emit(await importFile({ storage, clock, statementsKey: key.key }, text));
  },
};
