import type { FromSchema } from '#shared/panel-api/schema.ts';
import type { ISSUE_STATUS } from '#shared/panel-api/issue-calls.ts';
import { texts, tierName } from '../lib/texts';
import { TableScroll } from './table-scroll';

/**
 * A table of figures: a row per tier or mail kind, named in its first column, then its counts under their
 * labels, right-aligned (a missing figure is a dash). The overview's tables and /panel/wydania's.
 */
export function CountsTable<Column extends string, Line extends Record<Column, number | null>>({
  caption,
  rowsAre,
  columns,
  labels,
  lines,
  rowOf,
}: {
  caption: string;
  /** The first column's label: what each row is. */
  rowsAre: string;
  columns: readonly Column[];
  labels: Record<Column, string>;
  lines: readonly Line[];
  /** The row's key and the name its first cell shows. */
  rowOf: (line: Line) => { key: string; name: string };
}) {
  return (
    <TableScroll label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowsAre}</th>
            {columns.map((column) => (
              <th scope="col" key={column} className="number">
                {labels[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const { key, name } = rowOf(line);
            return (
              <tr key={key}>
                <th scope="row">{name}</th>
                {columns.map((column) => (
                  <td key={column} className="number">
                    {line[column] ?? texts.empty}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A row per tier, by its Polish name. */
export const tierRow = ({ tier }: { tier: string }) => ({ key: tier, name: tierName(tier) });

const ISSUE_COLUMNS = ['accepted', 'issued', 'toIssue', 'late'] as const;

/**
 * docs/decisions/prize-issue.md#figures: per tier, the accepted prizes, issued, still to be issued and late
 * against the last issue day; on the overview and on /panel/wydania alike.
 */
export function IssueStatusTable({
  lines,
  caption,
}: {
  lines: readonly FromSchema<typeof ISSUE_STATUS>[];
  caption: string;
}) {
  const labels = texts.overview.issueColumns;
  return (
    <CountsTable
      caption={caption}
      rowsAre={labels.tier}
      columns={ISSUE_COLUMNS}
      labels={labels}
      lines={lines}
      rowOf={tierRow}
    />
  );
}
