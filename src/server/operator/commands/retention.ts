import { polishCount } from '#shared/polish-count.ts';
import { isWarsawLocalTime, warsawDate } from '#shared/warsaw-time.ts';
import type { Clock } from '../../clock';
import {
  holdStatement,
  releaseStatement,
  retentionPlan,
  statementPlan,
  type RunOutcome,
} from '../../retention/run';
import { RETENTION_POLICIES } from '../../retention/policies';
import { runRetentionWithKeys } from '../../retention/with-keys';
import { OPERATOR } from '../../staff/audit';
import { option, positional, UsageError, type Command, type CommandContext } from '../command';

// docs/decisions/retention.md: the operator's retention commands (docs/api.md#operator-commands).

/** `--on RRRR-MM-DD`, or the campaign clock's Warsaw day when not given (retention-plan). */
function dayOption(args: string[], clock: Clock, required: boolean): string {
  if (!args.includes('--on')) {
    if (required) throw new UsageError('brak opcji --on <RRRR-MM-DD>');
    return warsawDate(clock.campaign());
  }
  const day = option(args, '--on', 'RRRR-MM-DD');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !isWarsawLocalTime(day))
    throw new UsageError(`--on musi być datą RRRR-MM-DD, a jest: ${day}`);
  return day;
}

export const retentionPlanCommand: Command = {
  name: 'retention-plan',
  usage: 'retention-plan [--on <RRRR-MM-DD>] [--reference <numer>]',
  description:
    'pokazuje, co w danym dniu minie okres przechowywania (w każdej klasie danych), albo dzień usunięcia jednego oświadczenia i dlaczego; niczego nie zmienia',
  async run({ storage, clock, args, emit, tell }) {
    if (args.includes('--reference')) {
      emit(await statementPlan({ storage, clock }, option(args, '--reference', 'numer')));
      return;
    }
    for (const line of await retentionPlan({ storage, clock }, dayOption(args, clock, false))) emit(line);
    // shared/API.md "Retention": each class with its period (and why), for the person; the JSON stays the plan.
    for (const policy of RETENTION_POLICIES) tell(`${policy.class}: ${policy.period} (${policy.reason}).`);
  },
};

const records = (n: number) => polishCount(n, 'rekord', 'rekordy', 'rekordów');

/** What a run empties (or would), by class: "18 rekordów (statements 14, claims 4); wstrzymanych: 2". */
function counts(outcome: RunOutcome): string {
  const byClass = outcome.classes
    .filter((line) => line.due > 0)
    .map((line) => `${line.class} ${line.due}`)
    .join(', ');
  return `${records(outcome.purged)}${byClass === '' ? '' : ` (${byClass})`}; wstrzymanych: ${outcome.held}`;
}

/**
 * retention-run, and purge-statements (its former name, with --apply implied). Issue 51: the dry run says what
 * it would empty, in the conditional, never that it emptied it; the JSON lines stay the contract's.
 */
async function runAndTell(context: CommandContext, apply: boolean) {
  const { clock, args, emit, tell } = context;
  const day = dayOption(args, clock, true);
  const outcome = await runRetentionWithKeys(context, { day, apply, actor: OPERATOR });
  if (!apply) for (const line of outcome.classes) emit(line);
  emit({ run: outcome.run, purged: outcome.purged, held: outcome.held });
  if (!apply) {
    tell(`Próba — niczego nie zmieniono: przegląd z dnia ${day} usunąłby ${counts(outcome)}.`);
    const today = warsawDate(clock.campaign());
    tell(
      day > today
        ? `Usunąć to będzie można dopiero ${day} (dziś jest ${today}): retention-run --on ${day} --apply.`
        : `Usunięcie: retention-run --on ${day} --apply.`,
    );
  } else if (outcome.already)
    tell(`Przegląd z dnia ${day} już wykonano (${outcome.run}): niczego nie usunięto drugi raz.`);
  else tell(`Przegląd z dnia ${day} usunął ${counts(outcome)}.`);
  if (outcome.destroyedKeys.length > 0)
    tell(`Zniszczono klucze lat: ${outcome.destroyedKeys.join(', ')} (ich dane usunięto w całości).`);
  if (!outcome.compacted)
    tell(
      'Nie udało się oczyścić dziennika zapisu bazy (plik -wal): inny proces wciąż go czytał. Zatrzymaj na chwilę serwer i wykonaj: sqlite3 <DATA_DIR>/loteria.sqlite "pragma wal_checkpoint(truncate); vacuum; pragma wal_checkpoint(truncate);" (docs/deploy.md#erasure).',
    );
  if (outcome.rotatedKeys.length > 0)
    tell(
      `Wymieniono klucze: ${outcome.rotatedKeys.map((family) => (family === 'open' ? 'okres otwarty' : family)).join(', ')} (starsze kopie bazy nie otworzą już usuniętych danych; zrób nową kopię bazy i folderu kluczy).`,
    );
}

export const retentionRun: Command = {
  name: 'retention-run',
  usage: 'retention-run --on <RRRR-MM-DD> [--apply]',
  description:
    'usuwa dane, których okres przechowywania minął w podanym dniu, nie późniejszym niż dziś (raz dziennie, z pokwitowaniem i wpisem w dzienniku); bez --apply tylko pokazuje, co by usunął (dla dowolnego dnia)',
  run: (context) => runAndTell(context, context.args.includes('--apply')),
};

/** docs/decisions/retention.md#purge-statements: the former command, now retention-run --apply. */
export const purgeStatements: Command = {
  name: 'purge-statements',
  usage: 'purge-statements --on <RRRR-MM-DD>',
  description: 'dawna nazwa polecenia retention-run --on <RRRR-MM-DD> --apply',
  async run(context) {
    if (context.args.includes('--before'))
      throw new UsageError(
        'purge-statements --before już nie działa: dzień usunięcia każdego oświadczenia liczy się od wydania nagrody (retention-plan); użyj retention-run --on <RRRR-MM-DD> --apply',
      );
    await runAndTell(context, true);
  },
};

export const retentionHold: Command = {
  name: 'retention-hold',
  usage: 'retention-hold <numer> --reason "<powód>"',
  description:
    'wstrzymuje usunięcie danych oświadczenia (np. kontrola podatkowa, sprawa w sądzie), z powodem w dzienniku',
  async run({ storage, clock, args, emit }) {
    const reference = positional(args, 'numer oświadczenia');
    const reason = option(args, '--reason', 'powód');
    emit(await holdStatement({ storage, clock }, { reference, reason, actor: OPERATOR }));
  },
};

export const retentionRelease: Command = {
  name: 'retention-release',
  usage: 'retention-release <numer>',
  description:
    'kończy wstrzymanie usunięcia danych oświadczenia ustawione przez retention-hold (w dzienniku)',
  async run({ storage, clock, args, emit }) {
    emit(
      await releaseStatement(
        { storage, clock },
        { reference: positional(args, 'numer oświadczenia'), actor: OPERATOR },
      ),
    );
  },
};
