import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { payoutUndoCall } from '#shared/panel-api/payout-calls.ts';
import { errorText, request } from '../../lib/api';
import type { PayoutEvent } from '../../lib/api-types';
import { actionName, fill, texts } from '../../lib/texts';
import { formatInstant } from '../../lib/time';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { TableScroll } from '../../components/table-scroll';

/** The newest exports, payments and undone payments (the server's, from the audit trail). */
export function PayoutHistory({ history }: { history: readonly PayoutEvent[] }) {
  const id = useId();
  const columns = texts.payouts.historyColumns;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{texts.payouts.historyHeading}</h2>
      {history.length === 0 ? (
        <p>{texts.payouts.historyNone}</p>
      ) : (
        <>
          <p>{texts.payouts.historyIntro}</p>
          <TableScroll label={texts.payouts.historyCaption}>
            <table>
              <caption>{texts.payouts.historyCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.at}</th>
                  <th scope="col">{columns.action}</th>
                  <th scope="col">{columns.by}</th>
                  <th scope="col">{columns.references}</th>
                  <th scope="col" className="number">
                    {columns.sum}
                  </th>
                  <th scope="col">{columns.reason}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((event) => (
                  <tr key={`${event.at}-${event.action}-${event.references.join()}`}>
                    <td>{formatInstant(event.at)}</td>
                    <td>{actionName(event.action)}</td>
                    <td>{event.by ?? texts.payouts.personGone}</td>
                    <td>
                      {event.references.length === 0 ? (
                        texts.payouts.historyNothing
                      ) : (
                        <ul className="references">
                          {event.references.map((reference) => (
                            <li key={reference} className="code">
                              {reference}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className="number">{event.sum}</td>
                    <td>{event.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}

/**
 * 'Cofnij wypłatę': a transfer that bounced is taken back by its reference (as the bank's notice gives it),
 * for a reason; the prize returns to the list to pay.
 */
export function UndoPayout({ onUndone }: { onUndone: () => Promise<unknown> }) {
  const id = useId();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const undo = useMutation({
    mutationFn: () => request(payoutUndoCall, { body: { reference, reason } }),
    onSuccess: () => {
      setReference('');
      setReason('');
      return onUndone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!undo.isPending) undo.mutate();
  };
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{texts.payouts.undoHeading}</h2>
      <p>{texts.payouts.undoIntro}</p>
      <form className="form form--stacked" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-reference`}>{texts.payouts.undoReference}</label>
          <input
            id={`${id}-reference`}
            type="text"
            className="code"
            autoComplete="off"
            required
            value={reference}
            onChange={(event) => setReference(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{texts.payouts.undoReason}</label>
          <textarea
            id={`${id}-reason`}
            required
            minLength={3}
            maxLength={200}
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--quiet" aria-disabled={undo.isPending}>
            {texts.payouts.undo}
          </button>
        </div>
      </form>
      <LiveStatus
        message={undo.data ? fill(texts.payouts.undone, { reference: undo.data.reference }) : undefined}
      />
      <LiveAlert message={undo.error ? errorText(undo.error) : undefined} />
    </section>
  );
}
