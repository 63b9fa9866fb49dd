import { verifyAudit } from '../../staff/audit';
import { OperatorError } from '../exports';
import type { Command } from '../command';

const PROBLEMS = {
  missing: (seq: number) => `brakuje wpisu nr ${seq}: został usunięty`,
  unlinked: (seq: number) =>
    `wpis nr ${seq} nie wskazuje skrótu wpisu nr ${seq - 1}: tamten wpis zmieniono (albo usunięto i zastąpiono)`,
  altered: (seq: number) => `wpis nr ${seq} nie zgadza się ze swoim skrótem: został zmieniony`,
};

/**
 * docs/decisions/staff.md#audit-trail: proves the audit trail whole, or names the first entry that does not
 * match. The last entry's number and hash go to stderr, to be noted elsewhere: only they show a cut-off end.
 */
export const auditVerify: Command = {
  name: 'audit-verify',
  usage: 'audit-verify',
  description: 'sprawdza, czy dziennik zdarzeń panelu jest kompletny i niezmieniony',
  async run({ storage, emit, tell }) {
    const check = await verifyAudit(storage);
    if (!check.verified)
      throw new OperatorError(
        `dziennik zdarzeń nie jest nienaruszony — ${PROBLEMS[check.problem](check.seq)}. Sprawdzono poprawnie ${check.entries} wpisów przed nim.`,
      );
    emit({ entries: check.entries, verified: true });
    if (check.last) tell(`Ostatni wpis: nr ${check.last.seq}, skrót ${check.last.hash}.`);
  },
};
