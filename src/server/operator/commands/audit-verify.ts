import {
  parseAuditHead,
  readAuditHead,
  verifyAudit,
  type AuditHead,
  type AuditProblem,
} from '../../staff/audit';
import { OperatorError } from '../exports';
import { option, UsageError, type Command } from '../command';

const PROBLEMS: Record<AuditProblem, (seq: number) => string> = {
  missing: (seq) => `brakuje wpisu nr ${seq}: został usunięty`,
  unlinked: (seq) =>
    `wpis nr ${seq} nie wskazuje skrótu wpisu nr ${seq - 1}: tamten wpis zmieniono (albo usunięto i zastąpiono)`,
  altered: (seq) =>
    `wpis nr ${seq} nie zgadza się ze swoim skrótem: został zmieniony (a jego skrót przeliczono bez klucza dziennika albo wcale)`,
};

const WRONG_KEY =
  ' Żaden wpis przed nim nie zgadza się z kluczem dziennika: jeśli to pierwszy wpis podpisany kluczem, sprawdź' +
  ' też, czy AUDIT_KEY (albo plik audit.key) to ten klucz, którym dziennik podpisywano.';

function expected(text: string): AuditHead {
  try {
    return parseAuditHead(text, '--expect');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * docs/decisions/staff.md#audit-head: with no head kept outside the database (AUDIT_HEAD_FILE not set or not
 * written yet, no --expect), a trail cut off at its end or emptied verifies as a young one does.
 */
function unprovenEnd(file: string | undefined, entries: number, last: AuditHead | undefined): string {
  const why =
    file === undefined
      ? 'nie podano zapisanego końca dziennika (AUDIT_HEAD_FILE nie jest ustawione, nie podano --expect)'
      : `plik AUDIT_HEAD_FILE ${file} nie istnieje, a nie podano --expect`;
  const seen = last ? `, ostatni: nr ${last.seq}, skrót ${last.hash}` : '';
  return (
    `nie można dowieść, że dziennik zdarzeń sięga swojego końca: ${why}. ` +
    'Dziennik z odciętym końcem albo opróżniony sprawdza się wtedy tak samo jak krótki. ' +
    `Sprawdzono poprawnie ${entries} wpisów${seen}. ` +
    'Trzymaj koniec dziennika poza bazą danych (AUDIT_HEAD_FILE, docs/deploy.md) albo podaj --expect <nr>:<skrót>.'
  );
}

/**
 * docs/decisions/staff.md#audit-trail: proves the audit trail whole and keyed, or names the first entry that
 * does not match; then that it still reaches the head in AUDIT_HEAD_FILE and the one given with --expect
 * (docs/decisions/staff.md#audit-head): only a head kept outside the database shows a cut-off end. Without
 * one it says it cannot prove the end: in production as a refusal (exit 1), elsewhere as a warning.
 */
export const auditVerify: Command = {
  name: 'audit-verify',
  usage: 'audit-verify [--expect <nr>:<skrót>]',
  description:
    'sprawdza, czy dziennik zdarzeń panelu jest kompletny i niezmieniony i czy sięga zapisanego końca (AUDIT_HEAD_FILE, --expect)',
  async run({ config, storage, args, emit, tell }) {
    const heads = new Map<AuditHead, string>();
    const file = storage.audit.headFile;
    const noted = file === undefined ? undefined : readAuditHead(file);
    if (noted) heads.set(noted, `AUDIT_HEAD_FILE ${file}`);
    if (args.includes('--expect')) heads.set(expected(option(args, '--expect', 'nr:skrót')), '--expect');
    const check = await verifyAudit(storage, [...heads.keys()]);
    if (!check.verified) {
      const problem =
        check.problem === 'unreached'
          ? `nie sięga już wpisu nr ${check.head.seq} ze skrótem ${check.head.hash} (${heads.get(check.head)}): ` +
            'jego koniec odcięto, dziennik opróżniono albo wpisy od tego miejsca zastąpiono innymi'
          : PROBLEMS[check.problem](check.seq);
      const before = check.problem === 'unreached' ? '' : ' przed nim';
      const hint = check.problem === 'altered' && !check.keyed ? WRONG_KEY : '';
      throw new OperatorError(
        `dziennik zdarzeń nie jest nienaruszony — ${problem}. Sprawdzono poprawnie ${check.entries} wpisów${before}.${hint}`,
      );
    }
    // In production the end must be proved: exit 1, and no `verified` line for a script to trust.
    if (heads.size === 0 && config.production)
      throw new OperatorError(unprovenEnd(file, check.entries, check.last));
    emit({ entries: check.entries, verified: true });
    if (heads.size === 0) tell(`Uwaga: ${unprovenEnd(file, check.entries, check.last)}`);
    if (check.last) tell(`Ostatni wpis: nr ${check.last.seq}, skrót ${check.last.hash}.`);
    for (const [head, source] of heads) tell(`Dziennik sięga wpisu nr ${head.seq} (${source}).`);
  },
};
