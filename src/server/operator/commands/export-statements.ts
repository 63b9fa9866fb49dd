import fs from 'node:fs';
import os from 'node:os';
import { OPERATOR, recordAudit } from '../../staff/audit';
import { exportStatements as exportFile, imagesDirOf } from '../exports';
import { option, type Command } from '../command';

/**
 * The statements, decrypted, as a CSV with the coupon photos beside it (docs/api.md). Recorded in the audit
 * trail with the system user who ran it; a file whose export cannot be recorded is removed.
 */
export const exportStatements: Command = {
  name: 'export-statements',
  usage: 'export-statements --out <plik.csv>',
  description: 'zapisuje do pliku CSV otrzymane oświadczenia (z odszyfrowanymi danymi)',
  async run({ storage, clock, key, args, emit, tell, progress }) {
    const out = option(args, '--out', 'plik.csv');
    const { keyDestroyed, ...exported } = await exportFile(
      storage,
      key,
      out,
      progress('Eksport: oświadczenia'),
    );
    // docs/decisions/storage.md#bounded-keys: a copy of the database from before a purge; the rest is exported.
    for (const { statement, family } of keyDestroyed)
      tell(
        `Oświadczenie ${statement}: jego klucz (${family === 'open' ? 'okres otwarty' : `rok ${family}`}) zniszczono przy usuwaniu danych po okresie przechowywania — z tej kopii bazy nie da się go odczytać, pominięto je.`,
      );
    try {
      await recordAudit(storage, clock, {
        actor: OPERATOR,
        action: 'statements-exported',
        details: { statements: exported.statements, user: os.userInfo().username },
      });
    } catch (error) {
      fs.rmSync(exported.out, { force: true });
      fs.rmSync(imagesDirOf(exported.out), { recursive: true, force: true });
      throw error;
    }
    emit(keyDestroyed.length > 0 ? { ...exported, keyDestroyed: keyDestroyed.length } : exported);
  },
};
