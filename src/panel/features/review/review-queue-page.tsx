import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { prizes } from '#shared/campaign.ts';
import { queueCall } from '#shared/panel-api/review-calls.ts';
import { errorText, request } from '../../lib/api';
import {
  QUEUE_STATES,
  type ExpiredClaim,
  type QueueCounts,
  type QueueItem,
  type QueueState,
  type ReservePromoted,
} from '../../lib/api-types';
import { fill, lostText, queueStateName, reviewStateName, texts, tierName } from '../../lib/texts';
import { formatInstant } from '../../lib/time';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { useSession } from '../../components/session';
import { ColumnTable, TableScroll } from '../../components/table-scroll';
import { ReserveButton } from './reserve-button';
import { QUEUE_PATH, REVIEW_QUEUE_KEY, statementPath, type FromQueue } from './review-shared';
import { TakeNext } from './take-next';

const TIERS: readonly string[] = prizes.tiers.map((tier) => tier.id);
const COUNTED = QUEUE_STATES.filter((state) => state !== 'open');

interface Filters {
  /** '' for every tier. */
  tier: string;
  state: QueueState;
  page: number;
}

/**
 * The filters as the page's own address keeps them (a reload, back and forward show the same list). Without
 * a tier the page shows every tier; without a state, an approver who does not review opens on what awaits
 * their approval (docs/decisions/panel-page.md#queue-opens).
 */
function filtersOf(params: URLSearchParams, approverOnly: boolean): Filters {
  const tier = params.get('tier') ?? '';
  const state = params.get('state') ?? '';
  const page = Number(params.get('page'));
  return {
    tier: TIERS.includes(tier) ? tier : '',
    state: (QUEUE_STATES as readonly string[]).includes(state)
      ? (state as QueueState)
      : approverOnly
        ? 'awaiting-approval'
        : 'open',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The queue call's query: the filters, without a tier for every tier. */
const queueQuery = ({ tier, state, page }: Filters) => ({
  ...(tier === '' ? {} : { tier }),
  state,
  page: String(page),
});
const searchOf = (filters: Filters) => new URLSearchParams(queueQuery(filters)).toString();

function countOf(line: QueueCounts | undefined, state: QueueState): number | undefined {
  if (!line) return undefined;
  return state === 'open' ? line.received + line['in-review'] + line['awaiting-approval'] : line[state];
}

function FilterForm({
  initial,
  counts,
  onApply,
}: {
  initial: Filters;
  counts: QueueCounts[];
  onApply: (tier: string, state: QueueState) => void;
}) {
  const id = useId();
  const [tier, setTier] = useState(initial.tier);
  const [state, setState] = useState(initial.state);
  const lineOf = (of: string) => counts.find((line) => line.tier === of);
  // Every tier's line added up, for 'Wszystkie kategorie'.
  const linesOf = (of: string) => (of === '' ? counts : counts.filter((line) => line.tier === of));
  const sumOf = (of: string, countState: QueueState) =>
    counts.length === 0
      ? undefined
      : linesOf(of).reduce((sum, line) => sum + (countOf(line, countState) ?? 0), 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(tier, state);
  };
  return (
    <form className="form form--filters" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{texts.review.filtersHeading}</h2>
      <div className="field">
        <label htmlFor={`${id}-tier`}>{texts.review.tier}</label>
        <select id={`${id}-tier`} name="tier" value={tier} onChange={(event) => setTier(event.target.value)}>
          <option value="">
            {sumOf('', 'open') === undefined
              ? texts.review.allTiers
              : fill(texts.review.tierOption, { tier: texts.review.allTiers, open: sumOf('', 'open')! })}
          </option>
          {TIERS.map((value) => {
            const open = countOf(lineOf(value), 'open');
            return (
              <option key={value} value={value}>
                {open === undefined
                  ? tierName(value)
                  : fill(texts.review.tierOption, { tier: tierName(value), open })}
              </option>
            );
          })}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-state`}>{texts.review.state}</label>
        <select
          id={`${id}-state`}
          name="state"
          value={state}
          onChange={(event) => setState(event.target.value as QueueState)}
        >
          {QUEUE_STATES.map((value) => {
            const count = sumOf(tier, value);
            return (
              <option key={value} value={value}>
                {count === undefined
                  ? queueStateName(value)
                  : fill(texts.review.stateOption, { state: queueStateName(value), count })}
              </option>
            );
          })}
        </select>
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--quiet">
          {texts.review.apply}
        </button>
      </div>
    </form>
  );
}

function ItemRow({ item, from }: { item: QueueItem; from: FromQueue }) {
  return (
    <tr>
      <th scope="row">
        <Link to={statementPath(item.id)} state={from}>
          {item.reference}
        </Link>
      </th>
      <td>{tierName(item.tier)}</td>
      <td className="code">{item.code}</td>
      <td>
        {reviewStateName(item.state)}
        {item.sentBack ? <span className="lost">{texts.review.sentBack}</span> : null}
        {item.lost ? <span className="lost">{lostText(item.lost)}</span> : null}
      </td>
      <td>{formatInstant(item.receivedAt)}</td>
      <td>{item.deadlineDate}</td>
      <td>
        {item.reviewer ?? texts.empty}
        {item.reviewer && item.takenAt ? (
          <span className="lost">{fill(texts.review.heldSince, { at: formatInstant(item.takenAt) })}</span>
        ) : null}
      </td>
      <td>{item.mine ? texts.review.mine : texts.empty}</td>
    </tr>
  );
}

function ExpiredRow({
  claim,
  approver,
  onDone,
  onFailed,
}: {
  claim: ExpiredClaim;
  approver: boolean;
  onDone: (promoted: ReservePromoted) => Promise<unknown>;
  onFailed: (error: unknown) => Promise<unknown>;
}) {
  const available = claim.lost === 'reserve-available';
  return (
    <tr>
      <th scope="row" className="code">
        {claim.code}
      </th>
      <td>{tierName(claim.tier)}</td>
      <td>{claim.deadlineDate}</td>
      <td>
        {lostText(claim.lost, claim.passedTo)}
        {available && !approver ? <span className="lost">{texts.review.lost.availableApprover}</span> : null}
        {available && approver ? (
          <ReserveButton claimId={claim.claimId} code={claim.code} onDone={onDone} onFailed={onFailed} />
        ) : null}
      </td>
    </tr>
  );
}

function CountsTable({ counts }: { counts: QueueCounts[] }) {
  return (
    <TableScroll label={texts.review.countsCaption}>
      <table>
        <caption>{texts.review.countsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.review.countsTier}</th>
            {COUNTED.map((state) => (
              <th scope="col" key={state} className="number">
                {queueStateName(state)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {counts.map((line) => (
            <tr key={line.tier}>
              <th scope="row">{tierName(line.tier)}</th>
              {COUNTED.map((state) => (
                <td key={state} className="number">
                  {line[state]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * /panel/oswiadczenia (reviewer, approver): one tier's (or every tier's) statements in one state, 50 a page,
 * the nearest deadline first; for `expired`, the claims that got no statement and what became of their prizes.
 * docs/decisions/panel-page.md#review-pages
 */
export function ReviewQueuePage() {
  const session = useSession();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(
    params,
    session.roles.includes('approver') && !session.roles.includes('reviewer'),
  );
  const search = searchOf(filters);
  const queue = useQuery({
    queryKey: [...REVIEW_QUEUE_KEY, search],
    queryFn: () => request(queueCall, { query: queueQuery(filters) }),
    placeholderData: keepPreviousData,
  });
  const from: FromQueue = { queue: `${QUEUE_PATH}?${search}` };
  const listId = useId();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const refresh = () => client.invalidateQueries({ queryKey: REVIEW_QUEUE_KEY });
  // The reserve's button goes with the row's change: the list's heading takes the focus and says it was done.
  const promoted = ({ reserve, code }: ReservePromoted) => {
    setSaid({ ok: true, text: fill(texts.reserve.done, { reserve, code }) });
    listHeading.current?.focus();
    return refresh();
  };
  const promoteFailed = (error: unknown) => {
    setSaid({ ok: false, text: errorText(error) });
    return refresh();
  };
  const go = (chosen: Filters) => {
    setSaid(undefined);
    setParams(new URLSearchParams(searchOf(chosen)));
  };
  const data = queue.data;
  const columns = texts.review.columns;
  const expiredColumns = texts.review.expiredColumns;

  return (
    <Page title={texts.review.title}>
      {session.roles.includes('reviewer') ? (
        <TakeNext tier={filters.tier} counts={data?.counts} queue={from.queue} />
      ) : null}
      <FilterForm
        key={`${filters.tier}\n${filters.state}`}
        initial={filters}
        counts={data?.counts ?? []}
        onApply={(tier, state) => go({ tier, state, page: 1 })}
      />
      <QueryState query={queue} />
      {data ? (
        <section aria-labelledby={listId}>
          <h2 id={listId} ref={listHeading} tabIndex={-1}>
            {fill(texts.review.listHeading, {
              tier: data.tier === null ? texts.review.allTiers : tierName(data.tier),
              state: queueStateName(data.state),
            })}
          </h2>
          <LiveStatus
            message={
              said?.ok
                ? said.text
                : !queue.isPlaceholderData
                  ? fill(texts.review.shown, { total: data.total })
                  : undefined
            }
          />
          <LiveAlert message={said && !said.ok ? said.text : undefined} />
          {data.state === 'expired' ? (
            data.expired.length === 0 ? (
              <p>{texts.review.noneExpired}</p>
            ) : (
              <ColumnTable caption={texts.review.expiredCaption} columns={Object.values(expiredColumns)}>
                {data.expired.map((claim) => (
                  <ExpiredRow
                    key={claim.claimId}
                    claim={claim}
                    approver={session.roles.includes('approver')}
                    onDone={promoted}
                    onFailed={promoteFailed}
                  />
                ))}
              </ColumnTable>
            )
          ) : data.items.length === 0 ? (
            <p>{texts.review.none}</p>
          ) : (
            <ColumnTable caption={texts.review.caption} columns={Object.values(columns)}>
              {data.items.map((item) => (
                <ItemRow key={item.id} item={item} from={from} />
              ))}
            </ColumnTable>
          )}
          {data.pages > 1 ? (
            <div className="pager">
              <p>{fill(texts.review.page, { page: data.page, pages: data.pages })}</p>
              {data.page > 1 ? (
                <button
                  type="button"
                  className="button button--quiet"
                  aria-disabled={queue.isPlaceholderData}
                  onClick={() => {
                    if (!queue.isPlaceholderData) go({ ...filters, page: data.page - 1 });
                  }}
                >
                  {texts.review.previous}
                </button>
              ) : null}
              {data.page < data.pages ? (
                <button
                  type="button"
                  className="button button--quiet"
                  aria-disabled={queue.isPlaceholderData}
                  onClick={() => {
                    if (!queue.isPlaceholderData) go({ ...filters, page: data.page + 1 });
                  }}
                >
                  {texts.review.next}
                </button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
      {data ? <CountsTable counts={data.counts} /> : null}
    </Page>
  );
}
