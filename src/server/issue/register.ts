import fs from 'node:fs';
import path from 'node:path';
import reviewTexts from '#content/review.json';
import { prizes, prizeValue, tierById, type PrizeKey } from '#shared/campaign.ts';
import { isoAt } from '../clock';
import type { AppDeps } from '../deps';
import { appendRegisterEntries, registerEntries, sealedStatement } from '../db/issues';
import { PURGED } from '../db/statements';
import type { PrizeRegisterTable } from '../db/types';
import { csvText } from '../operator/exports';
import { appendAudit, OPERATOR } from '../staff/audit';
import { unsealStatement } from '../statements/sealed';
import { prizeIssues } from './issue';

// docs/decisions/prize-issue.md#register: the register of prizes worth at least 2 280 zł (Gambling Act art. 20),
// derived from the issue records: numbered from 1 in order of issue, appended only, a correction a new entry.

/** The facts an entry fixes of a prize: when it was issued (null: no longer) and what it was worth. */
interface Facts {
  statementId: string;
  tier: string;
  issuedOn: string | null;
  value: number;
  /** Orders the new entries of one export: issue day, then acceptance. */
  order: string;
}

const sameFacts = (entry: PrizeRegisterTable, facts: Facts) =>
  entry.issued_on === facts.issuedOn && entry.value === facts.value;

/**
 * The entries this export appends: an issued prize not yet in the register; and a correction for a prize
 * whose last entry no longer says what its records do (its payout undone, a value corrected), naming it.
 */
function newEntries(existing: readonly PrizeRegisterTable[], current: readonly Facts[], recordedAt: string) {
  const last = new Map(existing.map((entry) => [entry.statement_id, entry]));
  const listed = new Set(current.map((facts) => facts.statementId));
  const changes: { facts: Facts; corrects: number | null }[] = [];
  for (const facts of current) {
    const before = last.get(facts.statementId);
    if (!before) changes.push({ facts, corrects: null });
    else if (!sameFacts(before, facts)) changes.push({ facts, corrects: before.number });
  }
  // A registered prize that is no longer issued: its correction says so.
  for (const before of last.values())
    if (!listed.has(before.statement_id) && before.issued_on !== null)
      changes.push({
        facts: { ...factsOf(before), issuedOn: null, order: `${before.issued_on}` },
        corrects: before.number,
      });
  changes.sort((a, b) => a.facts.order.localeCompare(b.facts.order));
  let number = existing.at(-1)?.number ?? 0;
  return changes.map(({ facts, corrects }): PrizeRegisterTable => ({
    number: (number += 1),
    statement_id: facts.statementId,
    tier: facts.tier,
    issued_on: facts.issuedOn,
    value: facts.value,
    corrects,
    recorded_at: recordedAt,
  }));
}

const factsOf = (entry: PrizeRegisterTable): Facts => ({
  statementId: entry.statement_id,
  tier: entry.tier,
  issuedOn: entry.issued_on,
  value: entry.value,
  order: '',
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** "ul. Długa 5/12, 00-950 Warszawa"; a street-less village's house number after its name. */
function addressLine(address: unknown): string {
  if (!address || typeof address !== 'object') return '';
  const { city, postalCode, street, houseNumber, apartmentNumber } = address as Record<string, unknown>;
  const house = `${text(houseNumber)}${text(apartmentNumber) ? `/${text(apartmentNumber)}` : ''}`;
  return `${text(street) || text(city)} ${house}, ${text(postalCode)} ${text(city)}`;
}

/** Identity data as the register asks it (art. 20): the document, and the PESEL or the address, birth date and citizenship. */
function identityCells(payload: Record<string, unknown>): string[] {
  const idCard = text(payload.identityCardNumber);
  const pesel = text(payload.pesel);
  return [
    text(payload.name),
    text(payload.surName),
    idCard ? reviewTexts.register.idCard : reviewTexts.register.passport,
    idCard || text(payload.passportNumber),
    pesel,
    pesel ? '' : addressLine(payload.address),
    pesel ? '' : text(payload.birthDate),
    pesel ? '' : text(payload.nationality),
  ];
}

/**
 * `export-register --out <plik.csv>`: appends what is new to the register, writes the whole register (UTF-8
 * with BOM, semicolons for a Polish spreadsheet, mode 0600: it holds identity data) with each winner's
 * identity read from the sealed statement, and records `register-exported`; all in one transaction, so an
 * export that fails appends nothing.
 */
export async function exportRegister(deps: AppDeps & { previousKeys: readonly Buffer[] }, out: string) {
  const keys = [deps.statementsKey, ...deps.previousKeys];
  return deps.storage.db.transaction().execute(async (trx) => {
    const current = (await prizeIssues(trx, deps.clock.real()))
      .filter(({ prize, issue }) => issue.issuedOn !== null && prizeValue(prize.prize as PrizeKey).registered)
      .map(({ prize, issue }) => ({
        statementId: prize.id,
        tier: prize.tier,
        issuedOn: issue.issuedOn,
        value: prizeValue(prize.prize as PrizeKey).value,
        order: `${issue.issuedOn} ${prize.final_at} ${prize.id}`,
      }));
    const existing = await registerEntries(trx);
    // An entry is recorded on the campaign clock, as the issue days it lists (docs/decisions/server-house.md).
    const added = newEntries(existing, current, isoAt(deps.clock.campaign()));
    await appendRegisterEntries(trx, added);
    const entries = [...existing, ...added];
    await appendAudit(trx, deps.storage, deps.clock, {
      actor: OPERATOR,
      action: 'register-exported',
      details: { entries: entries.length, added: added.length },
    });
    const rows: unknown[][] = [];
    for (const entry of entries) {
      const statement = await sealedStatement(trx, entry.statement_id);
      const prize = tierById(entry.tier)?.prize;
      const payload =
        statement.secrets === PURGED
          ? {}
          : (unsealStatement(keys, statement.claim_id, statement) as Record<string, unknown>);
      rows.push([
        entry.number,
        entry.corrects ?? '',
        statement.reference ?? '',
        tierById(entry.tier)?.label ?? entry.tier,
        prize ? prizes.catalogue[prize].award : '',
        ...identityCells(payload),
        entry.value,
        prize ? prizeValue(prize).additionalAward : '',
        entry.issued_on ?? reviewTexts.register.notIssued,
      ]);
    }
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    fs.writeFileSync(out, csvText(reviewTexts.register.columns, rows, ';'), { mode: 0o600 });
    // An existing file keeps its mode when written: the register is made private whatever it was.
    fs.chmodSync(out, 0o600);
    return { out, entries: entries.length };
  });
}
