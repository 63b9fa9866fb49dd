import { texts } from '../../lib/content';

export interface ResultRow {
  key: string;
  award: string;
  label: string | null;
  code: string;
  detail: string | null;
}

/**
 * spec §2: columns 'Nagroda' and 'Wylosowany kod'; under a code its published text. A day has up to 70
 * rows: they scroll inside a box of fixed height, so the page below (FAQ, contact) never moves when the
 * lists arrive, e.g. while the visitor is being scrolled to '#faq' past this section.
 */
export function ResultsTable({ rows, labelledBy }: { rows: ResultRow[]; labelledBy: string }) {
  if (rows.length === 0) return <p className="winners__message">{texts.winners.empty}</p>;
  return (
    // A scrolling box must be reachable by keyboard (WCAG 2.1.1): it takes focus and is named by the title.
    <div className="winners__table-scroll" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className="winners__table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{texts.winners.columnPrize}</th>
            <th scope="col">{texts.winners.columnCode}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
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
    </div>
  );
}
