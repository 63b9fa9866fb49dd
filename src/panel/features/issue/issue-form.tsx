import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { campaign } from '#shared/campaign.ts';
import type { IssueStep } from '#shared/issue-states.ts';
import { issueStepCall, type ISSUE_ITEM } from '#shared/panel-api/issue-calls.ts';
import type { FromSchema } from '#shared/panel-api/schema.ts';
import { errorText, request } from '../../lib/api';
import { fill, texts, tierName } from '../../lib/texts';
import { LiveAlert } from '../../components/live-region';

export type IssueItem = FromSchema<typeof ISSUE_ITEM>;
type Step = IssueStep;

/**
 * One prize's next step: a parcel to send (carrier, number, day: 'Wysłano'), a parcel on its way (its day:
 * 'Doręczono' or 'Zwrócono'), the car ('Wydano'). The day starts as today's; the heading takes the focus.
 */
export function IssueForm({
  item,
  today,
  onCancel,
  onSaved,
}: {
  item: IssueItem;
  today: string;
  onCancel(): void;
  onSaved(saved: IssueItem): Promise<void>;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [day, setDay] = useState(today);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  useEffect(() => heading.current?.focus(), []);
  const save = useMutation({
    mutationFn: (step: Step) =>
      request(issueStepCall, {
        params: { id: item.id },
        body: step === 'shipped' ? { step, day, carrier, tracking } : { step, day },
      }),
    onSuccess: (saved) => onSaved(saved),
  });
  const sending = item.way === 'parcel' && (item.state === 'to-issue' || item.state === 'returned');
  const ending = item.way === 'parcel' && item.state === 'shipped';
  const act = (step: Step) => (event?: FormEvent) => {
    event?.preventDefault();
    if (!save.isPending) save.mutate(step);
  };
  const intro = sending
    ? texts.issue.formIntro.send
    : ending
      ? fill(texts.issue.formIntro.end, {
          parcel: item.parcel,
          carrier: item.carrier ?? '',
          tracking: item.tracking ?? '',
          date: item.shippedOn ?? '',
        })
      : fill(texts.issue.formIntro.handover, {
          carRegistrationWorkingDays: campaign.carRegistrationWorkingDays,
        });
  return (
    <section className="issue-form" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {fill(texts.issue.formHeading, { reference: item.reference ?? item.id, tier: tierName(item.tier) })}
      </h3>
      <p>{intro}</p>
      <form className="form" onSubmit={act(sending ? 'shipped' : ending ? 'delivered' : 'handed-over')}>
        {sending ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-carrier`}>{texts.issue.carrier}</label>
              <select
                id={`${id}-carrier`}
                required
                value={carrier}
                onChange={(event) => setCarrier(event.target.value)}
              >
                <option value="">{texts.issue.carrierPick}</option>
                {campaign.carriers.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-tracking`}>{texts.issue.tracking}</label>
              <input
                id={`${id}-tracking`}
                required
                autoComplete="off"
                value={tracking}
                onChange={(event) => setTracking(event.target.value)}
              />
            </div>
          </>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-day`}>{texts.issue.day}</label>
          <input
            id={`${id}-day`}
            required
            inputMode="numeric"
            pattern="\d{4}-\d{2}-\d{2}"
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
        </div>
        <div className="form__actions">
          <button type="submit" className="button" aria-disabled={save.isPending}>
            {sending ? texts.issue.shipped : ending ? texts.issue.delivered : texts.issue.handedOver}
          </button>
          {ending ? (
            <button
              type="button"
              className="button button--quiet"
              aria-disabled={save.isPending}
              onClick={act('returned')}
            >
              {texts.issue.returned}
            </button>
          ) : null}
          <button type="button" className="button button--quiet" onClick={onCancel}>
            {texts.issue.cancel}
          </button>
        </div>
      </form>
      <LiveAlert message={save.error ? errorText(save.error) : undefined} />
    </section>
  );
}
