import fs from 'node:fs';
import os from 'node:os';
import { isWarsawLocalTime, warsawDate } from '#shared/warsaw-time.ts';
import { registerComplaint } from '../../complaints/complaints';
import { complaintProtocol, complaintsStatus, PROTOCOL_COLUMNS } from '../../complaints/protocol';
import { OPERATOR, recordAudit } from '../../staff/audit';
import { OperatorError, writeCsv } from '../exports';
import { option, UsageError, type Command } from '../command';

// docs/api.md "Complaints": the operator's complaint commands.

function day(args: string[], name: string): string | undefined {
  if (!args.includes(name)) return undefined;
  const value = option(args, name, 'RRRR-MM-DD');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isWarsawLocalTime(value)) {
    throw new OperatorError(`${name} musi być datą RRRR-MM-DD, a jest: ${value}`);
  }
  return value;
}

/** The argument that is no option nor an option's value. */
function fileArgument(args: string[]): string {
  const file = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
  if (file === undefined) throw new UsageError('brak argumentu: plik.json');
  return file;
}

/** A complaint that came by post, entered from a JSON file of the form's fields. */
export const complaintAdd: Command = {
  name: 'complaint-add',
  usage: 'complaint-add --received RRRR-MM-DD [--postmarked RRRR-MM-DD] <plik.json>',
  description: 'rejestruje reklamację otrzymaną pocztą (pola formularza w pliku JSON)',
  async run({ storage, clock, key, args, emit }) {
    const receivedOn = day(args, '--received');
    if (receivedOn === undefined) throw new UsageError('brak opcji --received <RRRR-MM-DD>');
    const postmarkedOn = day(args, '--postmarked');
    if (postmarkedOn !== undefined && postmarkedOn > receivedOn) {
      throw new OperatorError(
        `stempel pocztowy (${postmarkedOn}) jest późniejszy niż dzień otrzymania (${receivedOn})`,
      );
    }
    const file = fileArgument(args);
    let body: unknown;
    try {
      body = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new OperatorError(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? `nie ma pliku ${file}`
          : `${file}: to nie jest poprawny plik JSON`,
      );
    }
    // The form engine's validator loads for this command only: the others start without it.
    const [{ validateComplaint }, { problemsMessage }] = await Promise.all([
      import('../../complaints/validate-complaint'),
      import('../../statements/validate-statement'),
    ]);
    const verdict = validateComplaint(body);
    if (!verdict.ok) throw new OperatorError(`${file}: ${problemsMessage(verdict.problems)}`);
    const { id: _id, ...registered } = await registerComplaint(storage, clock, key.key, verdict.body, {
      channel: 'post',
      receivedOn,
      postmarkedOn,
      actor: OPERATOR,
    });
    emit(registered);
  },
};

/** One line per state, as of the campaign clock's day. */
export const complaintsStatusCommand: Command = {
  name: 'complaints-status',
  usage: 'complaints-status',
  description: 'podsumowuje reklamacje według stanu, z liczbą przeterminowanych',
  async run({ storage, clock, emit }) {
    for (const line of await complaintsStatus(storage, warsawDate(clock.campaign()))) emit(line);
  },
};

/** The inspector's protocol: one row per complaint (mode 0600, audited; removed when it cannot be). */
export const exportComplaints: Command = {
  name: 'export-complaints',
  usage: 'export-complaints --out <plik.csv>',
  description: 'zapisuje do pliku CSV protokół wszystkich reklamacji',
  async run({ storage, clock, config, args, emit }) {
    const out = option(args, '--out', 'plik.csv');
    const rows = await complaintProtocol(storage, config.mail.from);
    writeCsv(out, [...PROTOCOL_COLUMNS], rows);
    try {
      await recordAudit(storage, clock, {
        actor: OPERATOR,
        action: 'complaints-exported',
        details: { complaints: rows.length, user: os.userInfo().username },
      });
    } catch (error) {
      fs.rmSync(out, { force: true });
      throw error;
    }
    emit({ out, complaints: rows.length });
  },
};
