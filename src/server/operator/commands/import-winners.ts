import fs from 'node:fs';
import { parseWinnersFile } from '../../winners/import-file';
import { importWinnersFile } from '../../winners/import';
import { positional, type Command } from '../command';

/** Imports the winners file; prints one line per new claim with its statement link (docs/api.md). */
export const importWinners: Command = {
  name: 'import-winners',
  usage: 'import-winners <plik.json>',
  description: 'wczytuje plik zwycięzców, zakłada zgłoszenia i kolejkuje wiadomości z linkami',
  async run({ storage, key, clock, args, emit, tell, progress }) {
    const file = positional(args, 'plik.json');
    const winners = parseWinnersFile(fs.readFileSync(file, 'utf8'));
    const result = await importWinnersFile(storage, winners, {
      statementsKey: key.key,
      clock,
      progress: progress('Import: zapisane rekordy'),
    });
    for (const line of result.lines) emit(line);
    if (result.removedDemo) {
      const { records, claims, statements } = result.removedDemo;
      tell(
        `Usunięto dane przykładowe (demo): ${records} rekordów, ${claims} zgłoszeń, ${statements} oświadczeń.`,
      );
    }
    tell(
      `Zaimportowano ${result.records} rekordów (${result.changedRecords} nowych lub zmienionych), ` +
        `nowych zgłoszeń: ${result.lines.length}.`,
    );
  },
};
