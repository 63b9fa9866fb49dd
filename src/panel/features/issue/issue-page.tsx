import { useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { issueCall } from '#shared/panel-api/issue-calls.ts';
import { longPolishDate } from '#shared/content/polish-dates.ts';
import { request } from '../../lib/api';
import { fill, texts, tierName } from '../../lib/texts';
import { LiveStatus } from '../../components/live-region';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { TableScroll } from '../../components/table-scroll';
import { IssueForm, type IssueItem } from './issue-form';
import { IssueStatusTable } from '../../components/counts-table';

export const ISSUE_KEY = ['issue'] as const;

const stateName = (state: string) => texts.issue.states[state as keyof typeof texts.issue.states] ?? state;

/** What was recorded of a prize, oldest first, one line per step. */
function History({ item }: { item: IssueItem }) {
  if (item.steps.length === 0) return <>{texts.empty}</>;
  return (
    <ul className="issue-history">
      {item.steps.map((step) => (
        <li key={`${step.parcel}-${step.step}`}>
          {fill(texts.issue.step, {
            parcel: step.parcel,
            step: texts.issue.stepNames[step.step],
            date: step.day,
          })}
          {step.carrier
            ? fill(texts.issue.stepCarrier, { carrier: step.carrier, tracking: step.tracking ?? '' })
            : null}
        </li>
      ))}
    </ul>
  );
}

/** Both lists' first column heads. */
function PrizeHeads() {
  const columns = texts.issue.columns;
  return (
    <>
      <th scope="col">{columns.reference}</th>
      <th scope="col">{columns.tier}</th>
      <th scope="col">{columns.code}</th>
      <th scope="col">{columns.state}</th>
    </>
  );
}

/** A prize's first cells in both lists: its reference (the row's name), tier, code and state. */
function PrizeCells({ item }: { item: IssueItem }) {
  return (
    <>
      <th scope="row">{item.reference}</th>
      <td>{tierName(item.tier)}</td>
      <td className="code">{item.code}</td>
      <td>
        {stateName(item.state)}
        {item.late ? <strong className="late"> ({texts.issue.late})</strong> : null}
      </td>
    </>
  );
}

const parcelText = (item: IssueItem) =>
  item.carrier
    ? fill(texts.issue.parcel, {
        carrier: item.carrier,
        tracking: item.tracking ?? '',
        date: item.shippedOn ?? '',
      })
    : texts.empty;

/**
 * /panel/wydania (payout): the goods and the cars to issue by the last issue day, the longest waiting first,
 * each recorded step by step ('Wysłano', 'Doręczono', 'Zwrócono', 'Wydano'); below, what is issued, with its
 * history. A prize the person decided or approved is listed without the button (docs/decisions/staff.md#role-pairs).
 * docs/decisions/prize-issue.md
 */
export function IssuePage() {
  const client = useQueryClient();
  const openId = useId();
  const issuedId = useId();
  const issue = useQuery({ queryKey: ISSUE_KEY, queryFn: () => request(issueCall) });
  const [chosen, setChosen] = useState<string>();
  const [said, setSaid] = useState<string>();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const data = issue.data;
  const current = data?.open.find((item) => item.id === chosen);
  const columns = texts.issue.columns;
  const close = (id: string | undefined) => {
    setChosen(undefined);
    const button = id ? buttons.current.get(id) : undefined;
    requestAnimationFrame(() => (button?.isConnected ? button.focus() : heading.current?.focus()));
  };

  return (
    <Page title={texts.issue.title}>
      <p>{fill(texts.issue.intro, { deadline: data ? longPolishDate(data.deadline) : '' })}</p>
      <QueryState query={issue} />
      {data ? (
        <>
          <IssueStatusTable lines={data.status} caption={texts.issue.statusCaption} />
          <section aria-labelledby={openId}>
            <h2 id={openId} ref={heading} tabIndex={-1}>
              {fill(texts.issue.openHeading, {
                count: data.open.length,
                late: data.open.filter((item) => item.late).length,
              })}
            </h2>
            {data.open.length === 0 ? (
              <p>{texts.issue.openNone}</p>
            ) : (
              <TableScroll label={texts.issue.openCaption}>
                <table>
                  <caption>{texts.issue.openCaption}</caption>
                  <thead>
                    <tr>
                      <PrizeHeads />
                      <th scope="col">{columns.waitingSince}</th>
                      <th scope="col">{columns.parcel}</th>
                      <th scope="col">{columns.history}</th>
                      <th scope="col">{columns.action}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.open.map((item) => (
                      <tr key={item.id}>
                        <PrizeCells item={item} />
                        <td>{item.waitingSince}</td>
                        <td>{parcelText(item)}</td>
                        <td>
                          <History item={item} />
                        </td>
                        <td>
                          {item.decidedByYou ? (
                            <span className="own-decision">{texts.issue.decidedByYou}</span>
                          ) : (
                            <button
                              type="button"
                              className="button button--quiet"
                              ref={(button) => {
                                if (button) buttons.current.set(item.id, button);
                              }}
                              aria-expanded={chosen === item.id}
                              onClick={() => {
                                setSaid(undefined);
                                setChosen(item.id);
                              }}
                            >
                              {fill(texts.issue.choose, { reference: item.reference ?? item.id })}
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
            {current ? (
              <IssueForm
                key={current.id}
                item={current}
                today={data.today}
                onCancel={() => close(current.id)}
                onSaved={async (saved) => {
                  setSaid(
                    fill(texts.issue.saved, {
                      reference: saved.reference ?? saved.id,
                      state: stateName(saved.state),
                    }),
                  );
                  await client.invalidateQueries({ queryKey: ISSUE_KEY });
                  close(current.id);
                }}
              />
            ) : null}
            <LiveStatus message={said} />
          </section>
          <section aria-labelledby={issuedId}>
            <h2 id={issuedId}>{fill(texts.issue.issuedHeading, { count: data.issued.length })}</h2>
            {data.issued.length === 0 ? (
              <p>{texts.issue.issuedNone}</p>
            ) : (
              <TableScroll label={texts.issue.issuedCaption}>
                <table>
                  <caption>{texts.issue.issuedCaption}</caption>
                  <thead>
                    <tr>
                      <PrizeHeads />
                      <th scope="col">{columns.issuedOn}</th>
                      <th scope="col">{columns.registrationBy}</th>
                      <th scope="col">{columns.history}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.issued.map((item) => (
                      <tr key={item.id}>
                        <PrizeCells item={item} />
                        <td>{item.issuedOn}</td>
                        <td>{item.registrationBy ?? texts.empty}</td>
                        <td>
                          <History item={item} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>
        </>
      ) : null}
    </Page>
  );
}
