import { useQuery } from '@tanstack/react-query';
import { overviewCall } from '#shared/panel-api/session-calls.ts';
import { request } from '../../lib/api';
import { fill, mailKindName, texts } from '../../lib/texts';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { CountsTable, IssueStatusTable, tierRow } from '../../components/counts-table';
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
          <CountsTable
            caption={texts.overview.tiersCaption}
            rowsAre={columns.tier}
            columns={TIER_COLUMNS}
            labels={columns}
            lines={overview.data.tiers}
            rowOf={tierRow}
          />
          <p className="hint">{texts.overview.tiersNote}</p>
          <p>{fill(texts.overview.complaints, overview.data.complaints)}</p>
          <IssueStatusTable
            lines={overview.data.issue}
            caption={fill(texts.overview.issueCaption, {
              deadline: longPolishDate(overview.data.issueDeadline),
            })}
          />
          {overview.data.mail.length > 0 ? (
            <CountsTable
              caption={texts.overview.mailCaption}
              rowsAre={mailColumns.kind}
              columns={MAIL_COLUMNS}
              labels={mailColumns}
              lines={overview.data.mail}
              rowOf={({ kind }) => ({ key: kind, name: mailKindName(kind) })}
            />
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
