import type { FromSchema } from '#shared/panel-api/schema.ts';
import type { ISSUE_STATUS } from '#shared/panel-api/issue-calls.ts';
import { texts, tierName } from '../lib/texts';
import { TableScroll } from './table-scroll';

const COLUMNS = ['accepted', 'issued', 'toIssue', 'late'] as const;

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
  const columns = texts.overview.issueColumns;
  return (
    <TableScroll label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.tier}</th>
            {COLUMNS.map((column) => (
              <th scope="col" key={column} className="number">
                {columns[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.tier}>
              <th scope="row">{tierName(line.tier)}</th>
              {COLUMNS.map((column) => (
                <td key={column} className="number">
                  {line[column]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
