import { useQuery } from '@tanstack/react-query';
import { overviewCall } from '#shared/panel-api/session-calls.ts';
import { request } from '../../lib/api';
import { fill, mailKindName, texts, tierName } from '../../lib/texts';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { TableScroll } from '../../components/table-scroll';
import { IssueStatusTable } from '../../components/issue-status-table';
import { longPolishDate } from '#shared/content/polish-dates.ts';

const TIER_COLUMNS = [
  'claims',
  'received',
  'waiting',
  'overdue',
  'accepted',
  'rejected',
  'reopened',
  'passedOn',
] as const;
const MAIL_COLUMNS = ['queued', 'sent', 'failed', 'oldestQueuedMinutes'] as const;

/**
 * /panel: where the statements, the prizes' issue and the mail stand (what the operator's status, issue-status
 * and mail-status print).
 */
export function OverviewPage() {
  const overview = useQuery({ queryKey: ['overview'], queryFn: () => request(overviewCall) });
  const { columns, mailColumns } = texts.overview;
  return (
    <Page title={texts.overview.title}>
      <QueryState query={overview} />
      {overview.data ? (
        <>
          <TableScroll label={texts.overview.tiersCaption}>
            <table>
              <caption>{texts.overview.tiersCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.tier}</th>
                  {TIER_COLUMNS.map((column) => (
                    <th scope="col" key={column} className="number">
                      {columns[column]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {overview.data.tiers.map((line) => (
                  <tr key={line.tier}>
                    <th scope="row">{tierName(line.tier)}</th>
                    {TIER_COLUMNS.map((column) => (
                      <td key={column} className="number">
                        {line[column]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <p className="hint">{texts.overview.tiersNote}</p>
          <p>{fill(texts.overview.complaints, overview.data.complaints)}</p>
          <IssueStatusTable
            lines={overview.data.issue}
            caption={fill(texts.overview.issueCaption, {
              deadline: longPolishDate(overview.data.issueDeadline),
            })}
          />
          {overview.data.mail.length > 0 ? (
            <TableScroll label={texts.overview.mailCaption}>
              <table>
                <caption>{texts.overview.mailCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{mailColumns.kind}</th>
                    {MAIL_COLUMNS.map((column) => (
                      <th scope="col" key={column} className="number">
                        {mailColumns[column]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {overview.data.mail.map((line) => (
                    <tr key={line.kind}>
                      <th scope="row">{mailKindName(line.kind)}</th>
                      {MAIL_COLUMNS.map((column) => (
                        <td key={column} className="number">
                          {line[column] ?? texts.empty}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
