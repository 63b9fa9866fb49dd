import { useId, useState } from 'react';
import { texts } from '#shared/content/texts.ts';
import { fill } from '#shared/content/template.ts';

export interface ResultRow {
  key: string;
  award: string;
  label: string | null;
  code: string;
  detail: string | null;
}

/** Rows shown before 'Pokaż wszystkich': they fit the results' box, so nothing below moves as they arrive. */
const COLLAPSED_ROWS = 6;

/**
 * spec §2: columns 'Nagroda' and 'Wylosowany kod'; under a code its published text. A day has up to 70
 * rows: the count is told, the first rows fill the results' box of fixed height (the page below — FAQ,
 * contact — never moves when the lists arrive), and 'Pokaż wszystkich (71)' puts every row in the page,
 * reached by scrolling the page itself (docs/decisions/landing.md#a-days-winners: no inner scroll box a phone
 * hides rows in).
 */
export function ResultsTable({ rows, labelledBy }: { rows: ResultRow[]; labelledBy: string }) {
  const tableId = useId();
  const [expanded, setExpanded] = useState(false);
  if (rows.length === 0) return <p className="winners__message">{texts.winners.empty}</p>;
  const collapsible = rows.length > COLLAPSED_ROWS;
  const shown = collapsible && !expanded ? rows.slice(0, COLLAPSED_ROWS) : rows;
  return (
    <>
      <p className="winners__count">{fill(texts.winners.count, { count: rows.length })}</p>
      <table id={tableId} className="winners__table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{texts.winners.columnPrize}</th>
            <th scope="col">{texts.winners.columnCode}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.key}>
              <td>
                {row.label && <span className="winners__label">{row.label}</span>}
                <span className="winners__award">{row.award}</span>
              </td>
              <td>
                <span className="winners__code">{row.code}</span>
                {row.detail && <span className="winners__detail">{row.detail}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {collapsible && (
        <button
          type="button"
          className="winners__more"
          aria-expanded={expanded}
          aria-controls={tableId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? texts.winners.showFewer : fill(texts.winners.showAll, { count: rows.length })}
        </button>
      )}
    </>
  );
}
