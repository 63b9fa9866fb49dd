import messages from '#content/staff-messages.json';
import { fill } from '#shared/content/template.ts';
import type { AppDeps } from '../deps';
import { DomainError } from '../domain-errors';
import { statementIdByReference } from '../db/issues';
import { OPERATOR } from '../staff/audit';
import { prizeIssues, recordStep, type StepRequest } from './issue';

// docs/api.md#operator-commands: `import-shipments <plik.csv>`: a carrier's report, a row per parcel: what is new
// for the parcel is recorded (sent, then delivered or returned), what is known already is not, so the same
// file again imports and mails nothing.

const COLUMNS = ['reference', 'carrier', 'tracking', 'shippedOn'] as const;
const [DELIVERED, RETURNED] = ['deliveredOn', 'returnedOn'] as const;

/** RFC 4180 cells (quotes, doubled quotes, CRLF or LF), separated by commas or, as a Polish spreadsheet saves them, semicolons. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < body.length; at += 1) {
    const character = body[at]!;
    if (quoted) {
      if (character === '"' && body[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === separator) {
      row.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && body[at + 1] === '\n') at += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += character;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((cells) => cells.some((value) => value.trim() !== ''));
}

/** A mistake in the file: nothing of it is recorded, and the message names the line. */
const lineProblem = (line: number, problem: string) =>
  new DomainError('invalid', fill(messages.shipmentsLine, { line, problem }));

/** The steps a row of the file asks for, in their order. */
function rowSteps(cells: Record<string, string>): StepRequest[] {
  const sent: StepRequest = {
    step: 'shipped',
    day: cells.shippedOn!,
    carrier: cells.carrier!,
    tracking: cells.tracking!,
  };
  if (cells.deliveredOn) return [sent, { step: 'delivered', day: cells.deliveredOn }];
  if (cells.returnedOn) return [sent, { step: 'returned', day: cells.returnedOn }];
  return [sent];
}

/**
 * Imports a carrier's report in one transaction: every row's new steps, or, on the first row that cannot be
 * (an unknown reference, a prize not sent by parcel, a date out of order), nothing. A row's parcel is its
 * tracking number: the prize's current parcel when it has that number, else a new parcel (a prize returned
 * and sent again). `imported`: steps recorded; `mailed`: `shipped` messages queued.
 */
export async function importShipments(deps: AppDeps, text: string) {
  const [header, ...rows] = parseCsv(text);
  const names = (header ?? []).map((name) => name.trim());
  const missing = COLUMNS.filter((name) => !names.includes(name));
  if (missing.length > 0)
    throw new DomainError(
      'invalid',
      fill(messages.shipmentsColumnsMissing, {
        missing: missing.join(', '),
        required: COLUMNS.join(','),
        delivered: DELIVERED,
        returned: RETURNED,
      }),
    );
  return deps.storage.db.transaction().execute(async (trx) => {
    let imported = 0;
    let mailed = 0;
    for (const [index, row] of rows.entries()) {
      const line = index + 2;
      const cells = Object.fromEntries(names.map((name, at) => [name, (row[at] ?? '').trim()]));
      if (cells.deliveredOn && cells.returnedOn) throw lineProblem(line, messages.shipmentsBothEnds);
      const reference = cells.reference!.toUpperCase();
      const id = await statementIdByReference(trx, reference);
      const tracking = cells.tracking!.replace(/\s+/g, ' ');
      for (const request of rowSteps(cells)) {
        const [found] = id ? await prizeIssues(trx, deps.clock.real(), [id]) : [];
        if (!found) throw lineProblem(line, fill(messages.shipmentsUnknownReference, { reference }));
        const { issue } = found;
        // What the file says of a parcel already known is not new, nor is the end of an earlier parcel.
        const known = issue.steps.find((step) => step.step === 'shipped' && step.tracking === tracking);
        if (request.step === 'shipped' && known) continue;
        if (request.step !== 'shipped' && (known?.parcel !== issue.parcel || issue.state !== 'shipped'))
          continue;
        try {
          const done = await recordStep(trx, deps, found.prize, issue, request, {
            id: OPERATOR,
            source: 'import',
          });
          if (done.recorded) imported += 1;
          if (done.mailed) mailed += 1;
        } catch (error) {
          if (error instanceof DomainError) throw lineProblem(line, error.message);
          throw error;
        }
      }
    }
    return { imported, mailed };
  });
}
