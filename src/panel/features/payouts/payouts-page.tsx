import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { payoutExportCall, payoutPaidCall, payoutsCall } from '#shared/panel-api/payout-calls.ts';
import { download, errorText, request } from '../../lib/api';
import { saveFile } from './download';
import { fill, texts, tierName } from '../../lib/texts';
import { formatInstant } from '../../lib/time';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { TableScroll } from '../../components/table-scroll';
import { PayoutHistory, UndoPayout } from './payout-history';

const PAYOUTS_KEY = ['payouts'] as const;

type Said = { ok: boolean; text: string } | undefined;

/**
 * /panel/wyplaty (payout): the money prizes to pay, oldest first. The ticked ones are downloaded as a CSV
 * (names and account numbers: the list itself shows none) and, once paid, marked so behind a confirmation.
 * Below, the history of both and the way back for a transfer that bounced. A prize the person decided or
 * approved is listed without a box to tick, marked for another person to pay (docs/decisions/staff.md#role-pairs).
 * docs/decisions/panel-page.md#payout-page
 */
export function PayoutsPage() {
  const client = useQueryClient();
  const headingId = useId();
  const payouts = useQuery({ queryKey: PAYOUTS_KEY, queryFn: () => request(payoutsCall) });
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [said, setSaid] = useState<Said>();
  const [confirming, setConfirming] = useState(false);
  const markButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const items = payouts.data?.items ?? [];
  const payable = items.filter((item) => !item.decidedByYou);
  // Only what is still listed counts: a prize paid meanwhile (by someone else) drops out of the choice.
  const selected = payable.filter((item) => ticked.has(item.id)).map((item) => item.id);
  const all = payable.length > 0 && selected.length === payable.length;
  const failed = (error: unknown) => setSaid({ ok: false, text: errorText(error) });
  const refresh = () => client.invalidateQueries({ queryKey: PAYOUTS_KEY });
  const closeConfirmation = () => {
    setConfirming(false);
    requestAnimationFrame(() => markButton.current?.focus());
  };

  const exportFile = useMutation({
    mutationFn: (ids: string[]) => download(payoutExportCall, texts.payouts.fileName, { body: { ids } }),
    onMutate: () => setSaid(undefined),
    onSuccess: ({ blob, fileName }) => {
      saveFile(blob, fileName);
      setSaid({ ok: true, text: fill(texts.payouts.exported, { file: fileName }) });
    },
    onError: failed,
  });
  const markPaid = useMutation({
    mutationFn: (ids: string[]) => request(payoutPaidCall, { body: { ids } }),
    onMutate: () => setSaid(undefined),
    onSuccess: ({ paid }) => {
      setSaid({ ok: true, text: fill(texts.payouts.paid, { paid }) });
      setTicked(new Set());
      setConfirming(false);
      // The confirmation and the rows go: the focus goes to the list's heading.
      heading.current?.focus();
      return refresh();
    },
    onError: (error) => {
      closeConfirmation();
      failed(error);
      return refresh();
    },
  });
  const busy = exportFile.isPending || markPaid.isPending;
  /** Both actions need something ticked: without, the page says so instead of calling. */
  const withSelection = (then: () => void) => {
    if (busy) return;
    if (selected.length === 0) setSaid({ ok: false, text: texts.payouts.noneSelected });
    else then();
  };
  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const columns = texts.payouts.columns;

  return (
    <Page title={texts.payouts.title}>
      <p>{texts.payouts.intro}</p>
      <QueryState query={payouts} />
      {payouts.data ? (
        <section aria-labelledby={headingId}>
          <h2 id={headingId} ref={heading} tabIndex={-1}>
            {fill(texts.payouts.sum, { total: payouts.data.total, sum: payouts.data.sum })}
          </h2>
          {items.length === 0 ? (
            <p>{texts.payouts.none}</p>
          ) : (
            <>
              {payable.length < items.length ? (
                <p className="hint">{texts.payouts.decidedByYouHint}</p>
              ) : null}
              <TableScroll label={texts.payouts.caption}>
                <table>
                  <caption>{texts.payouts.caption}</caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <label className="checkbox">
                          <input
                            type="checkbox"
                            checked={all}
                            disabled={payable.length === 0}
                            ref={(box) => {
                              if (box) box.indeterminate = selected.length > 0 && !all;
                            }}
                            onChange={(event) =>
                              setTicked(new Set(event.target.checked ? payable.map((item) => item.id) : []))
                            }
                          />
                          {texts.payouts.selectAll}
                        </label>
                      </th>
                      <th scope="col">{columns.reference}</th>
                      <th scope="col">{columns.tier}</th>
                      <th scope="col">{columns.code}</th>
                      <th scope="col" className="number">
                        {columns.amount}
                      </th>
                      <th scope="col">{columns.acceptedAt}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((item) => (
                      <tr key={item.id}>
                        <td>
                          {item.decidedByYou ? (
                            <span className="own-decision">{texts.payouts.decidedByYou}</span>
                          ) : (
                            <input
                              type="checkbox"
                              className="row-check"
                              aria-label={fill(texts.payouts.selectOne, {
                                reference: item.reference ?? item.id,
                              })}
                              checked={ticked.has(item.id)}
                              onChange={(event) => toggle(item.id, event.target.checked)}
                            />
                          )}
                        </td>
                        <th scope="row">{item.reference}</th>
                        <td>{tierName(item.tier)}</td>
                        <td className="code">{item.code}</td>
                        <td className="number">{item.amount}</td>
                        <td>{formatInstant(item.acceptedAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <p aria-live="polite">
                {fill(texts.payouts.selected, { count: selected.length, total: payable.length })}
              </p>
              <div className="form__actions">
                <button
                  type="button"
                  className="button"
                  aria-disabled={busy}
                  onClick={() => withSelection(() => exportFile.mutate(selected))}
                >
                  {texts.payouts.export}
                </button>
                {confirming ? null : (
                  <button
                    ref={markButton}
                    type="button"
                    className="button button--quiet"
                    aria-disabled={busy}
                    onClick={() =>
                      withSelection(() => {
                        setSaid(undefined);
                        setConfirming(true);
                      })
                    }
                  >
                    {texts.payouts.markPaid}
                  </button>
                )}
              </div>
              {confirming ? (
                <div className="confirm">
                  <p>{fill(texts.payouts.markPaidConfirm, { count: selected.length })}</p>
                  <button
                    type="button"
                    className="button button--danger"
                    aria-disabled={markPaid.isPending}
                    onClick={() => {
                      if (!markPaid.isPending) markPaid.mutate(selected);
                    }}
                  >
                    {texts.payouts.markPaidYes}
                  </button>
                  <button
                    type="button"
                    className="button button--quiet"
                    autoFocus
                    onClick={closeConfirmation}
                  >
                    {texts.payouts.markPaidNo}
                  </button>
                </div>
              ) : null}
            </>
          )}
          <LiveStatus message={said?.ok ? said.text : undefined} />
          <LiveAlert message={said && !said.ok ? said.text : undefined} />
        </section>
      ) : null}
      {payouts.data ? <PayoutHistory history={payouts.data.history} /> : null}
      <UndoPayout onUndone={refresh} />
    </Page>
  );
}
