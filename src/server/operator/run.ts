import { openServerParts, StartupError } from '../bootstrap';
import { ConfigError } from '../config-error';
import type { Storage } from '../db';
import { ClaimError } from '../claims/claims';
import { OptoutError } from '../optouts/optouts';
import { WinnersFileError } from '../winners/import-file';
import { UsageError } from './command';
import { COMMANDS } from './commands';
import { OperatorError } from './exports';
import { DomainError } from '../domain-errors';

// The operator's commands (docs/api.md): JSON lines on stdout, a clear message and exit code 1 on error.
// They open the same database as the server (DATA_DIR or DATABASE_URL) and may run while it serves.

/** Where a command reads its settings and writes: the process's own, or a test's. */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  /** stderr is a terminal: progress lines are shown. */
  terminal: boolean;
  stdout(text: string): void;
  stderr(text: string): void;
}

// The operator's own mistakes: their message alone (a start-up error is worded whole by bootstrap.ts).
// DomainError: a rule the panel's calls share with the commands (staff-invite's address and role, the
// person staff-reset names), refused in its Polish words.
// ConfigError: a setting a command reads as it runs (audit-verify's AUDIT_HEAD_FILE).
const KNOWN_ERRORS = [
  UsageError,
  ClaimError,
  OptoutError,
  OperatorError,
  WinnersFileError,
  DomainError,
  ConfigError,
];

/** The command line, then each command: its usage and, below it, what it does. */
function usage(): string {
  const lines = COMMANDS.map((command) => `  ${command.usage}\n      ${command.description}`);
  return `Użycie: npm run operator -- <polecenie>\n${lines.join('\n')}\n  help\n      ${HELP_DESCRIPTION}`;
}

const HELP_DESCRIPTION = 'wypisuje tę listę poleceń';

/** Runs one command line; returns the exit code. */
export async function runCommand(argv: string[], io: CommandIo): Promise<number> {
  const [name, ...args] = argv;
  // `help` opens nothing: it only lists the commands, on stdout, and succeeds.
  if (name === 'help') {
    io.stdout(`${usage()}\n`);
    return 0;
  }
  const command = COMMANDS.find((known) => known.name === name);
  if (!command) {
    io.stderr(`${name === undefined ? '' : `Nieznane polecenie: ${name}\n`}${usage()}\n`);
    return 1;
  }
  let storage: Storage | undefined;
  try {
    const { notices, ...opened } = await openServerParts(io.env, false);
    storage = opened.storage;
    for (const notice of notices) io.stderr(`${notice.text}\n`);
    await command.run({
      ...opened,
      args,
      emit: (line) => io.stdout(`${JSON.stringify(line)}\n`),
      tell: (text) => io.stderr(`${text}\n`),
      // docs/decisions/operations.md#operator-output: a long import or export shows how far it is, only in a
      // terminal (a script reading the JSON lines, or a log file, gets nothing of it), as one line rewritten
      // in place.
      progress: (label) =>
        io.terminal
          ? (done, total) => io.stderr(`\r${label}: ${done} z ${total}${done === total ? '\n' : ''}`)
          : undefined,
    });
    return 0;
  } catch (error) {
    if (error instanceof StartupError) for (const notice of error.notices) io.stderr(`${notice.text}\n`);
    const known = KNOWN_ERRORS.some((kind) => error instanceof kind);
    const { name: kind, message } = error instanceof Error ? error : new Error(String(error));
    // A start-up error names what failed itself; an unknown one gives its kind, never a stack trace.
    const said = error instanceof StartupError ? message : `Błąd: ${known ? message : `${kind}: ${message}`}`;
    io.stderr(`${said}\n`);
    if (error instanceof UsageError) io.stderr(`${usage()}\n`);
    return 1;
  } finally {
    await storage?.close();
  }
}
