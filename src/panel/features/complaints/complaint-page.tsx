import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import complaintTexts from '#content/complaints.json';
import { COMPLAINT_DECISIONS } from '#shared/complaint/complaint-states.ts';
import {
  complaintAnswerLetterCall,
  complaintAnswerMailCall,
  complaintCall,
  complaintDecisionCall,
  complaintReopenCall,
} from '#shared/panel-api/complaint-calls.ts';
import { errorText, request } from '../../lib/api';
import { fill, reviewStateName, texts, tierName } from '../../lib/texts';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { clockWords, COMPLAINTS_KEY } from './complaints-page';

const t = texts.complaints;
const p = t.page;
type Decision = 'upheld' | 'rejected';

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value ?? texts.empty}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * /panel/reklamacje/<id> (complaints): what the person wrote, the claim it is about, the decision with a
 * ground from src/content/complaints.json, the answer's preview, and how it was sent. Opening it is
 * audited. docs/decisions/complaints.md#desk
 */
export function ComplaintPage() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const key = ['complaint', id];
  const complaint = useQuery({ queryKey: key, queryFn: () => request(complaintCall, { params: { id } }) });
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const [decision, setDecision] = useState<Decision>('upheld');
  const done = (text: string) => async () => {
    setSaid({ ok: true, text });
    await client.invalidateQueries({ queryKey: key });
    await client.invalidateQueries({ queryKey: COMPLAINTS_KEY });
  };
  const failed = (error: unknown) => setSaid({ ok: false, text: errorText(error) });
  const decide = useMutation({
    mutationFn: (body: { decision: Decision; reason: string }) =>
      request(complaintDecisionCall, { params: { id }, body }),
    onMutate: () => setSaid(undefined),
    onSuccess: done(p.decided),
    onError: failed,
  });
  const mail = useMutation({
    mutationFn: () => request(complaintAnswerMailCall, { params: { id }, body: {} }),
    onMutate: () => setSaid(undefined),
    onSuccess: done(p.sent),
    onError: failed,
  });
  const letter = useMutation({
    mutationFn: (body: { letterNumber: string; letterDay: string }) =>
      request(complaintAnswerLetterCall, { params: { id }, body }),
    onMutate: () => setSaid(undefined),
    onSuccess: done(p.sent),
    onError: failed,
  });
  const reopen = useMutation({
    mutationFn: () => request(complaintReopenCall, { params: { id }, body: {} }),
    onMutate: () => setSaid(undefined),
    onSuccess: done(p.reopened),
    onError: failed,
  });
  const data = complaint.data;
  const title = data ? fill(p.title, { reference: data.line.reference }) : t.title;
  const submitDecision = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    decide.mutate({ decision, reason });
  };
  const submitLetter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    letter.mutate({
      letterNumber: String(form.get('letterNumber') ?? ''),
      letterDay: String(form.get('letterDay') ?? '').trim(),
    });
  };
  const answered = data?.line.state === 'answered';
  return (
    <Page title={title}>
      <p>
        <Link to="/reklamacje">{p.back}</Link>
      </p>
      <QueryState query={complaint} />
      {data ? (
        <>
          <section aria-labelledby="complaint-facts">
            <h2 id="complaint-facts">{p.facts}</h2>
            <Facts
              rows={[
                [p.received, `${data.line.receivedOn} (${t.channels[data.line.channel]})`],
                [p.postmarked, data.postmarkedOn],
                [p.deadline, `${data.line.deadline} — ${clockWords(data.line)}`],
                [p.state, t.states[data.line.state]],
              ]}
            />
          </section>
          <section aria-labelledby="complaint-text">
            <h2 id="complaint-text">{p.text}</h2>
            <Facts
              rows={(Object.keys(p.fields) as Array<keyof typeof p.fields>).map((field) => [
                p.fields[field],
                <span className="prewrap" key={field}>
                  {data.text[field]}
                </span>,
              ])}
            />
          </section>
          <section aria-labelledby="complaint-claim">
            <h2 id="complaint-claim">{p.claim}</h2>
            {data.claim ? (
              <>
                <Facts
                  rows={[
                    [p.claimFields.code, data.claim.code],
                    [p.claimFields.tier, tierName(data.claim.tier)],
                    [p.claimFields.statementReference, data.claim.statementReference],
                    [p.claimFields.review, data.claim.review && reviewStateName(data.claim.review)],
                    [p.claimFields.rejectionReason, data.claim.rejectionReason],
                  ]}
                />
                {data.claim.canReopen ? (
                  <button type="button" onClick={() => reopen.mutate()} disabled={reopen.isPending}>
                    {p.reopen}
                  </button>
                ) : null}
              </>
            ) : (
              <p>{p.noClaim}</p>
            )}
          </section>
          {answered ? null : (
            <section aria-labelledby="complaint-decision">
              <h2 id="complaint-decision">{p.decision}</h2>
              <form onSubmit={submitDecision}>
                <fieldset>
                  <legend>{p.decision}</legend>
                  {COMPLAINT_DECISIONS.map((value) => (
                    <p key={value}>
                      <input
                        type="radio"
                        id={`decision-${value}`}
                        name="decision"
                        checked={decision === value}
                        onChange={() => setDecision(value)}
                      />
                      <label htmlFor={`decision-${value}`}>{p[value]}</label>
                    </p>
                  ))}
                </fieldset>
                <p>
                  <label htmlFor="complaint-reason">{p.reason}</label>
                  <select id="complaint-reason" name="reason" defaultValue={data.reason ?? ''} key={decision}>
                    <option value="">{p.choose}</option>
                    {complaintTexts.reasons[decision].map((reason) => (
                      <option key={reason.key} value={reason.key}>
                        {reason.label}
                      </option>
                    ))}
                  </select>
                </p>
                <button type="submit" disabled={decide.isPending}>
                  {p[decision]}
                </button>
              </form>
            </section>
          )}
          {data.preview ? (
            <section aria-labelledby="complaint-preview">
              <h2 id="complaint-preview">{p.preview}</h2>
              <p>
                <strong>{data.preview.subject}</strong>
              </p>
              <pre className="mail-preview">{data.preview.text}</pre>
              {answered ? null : (
                <>
                  <button type="button" onClick={() => mail.mutate()} disabled={mail.isPending}>
                    {p.send}
                  </button>
                  <form onSubmit={submitLetter} aria-labelledby="complaint-letter">
                    <h3 id="complaint-letter">{p.letter}</h3>
                    <p>
                      <label htmlFor="letter-number">{p.letterNumber}</label>
                      <input id="letter-number" name="letterNumber" />
                    </p>
                    <p>
                      <label htmlFor="letter-day">{p.letterDay}</label>
                      <input id="letter-day" name="letterDay" />
                    </p>
                    <button type="submit" disabled={letter.isPending}>
                      {p.letterButton}
                    </button>
                  </form>
                </>
              )}
            </section>
          ) : null}
          {data.answer ? (
            <section aria-labelledby="complaint-answer">
              <h2 id="complaint-answer">{p.answer}</h2>
              <p>
                {data.answer.channel === 'email'
                  ? p.answerEmail
                  : fill(p.answerPost, { number: data.answer.letterNumber ?? '' })}
                {': '}
                {data.answer.sentAt === null
                  ? p.waiting
                  : `${data.answer.sentAt}, ${data.answer.onTime ? p.onTime : p.notOnTime}`}
              </p>
            </section>
          ) : null}
        </>
      ) : null}
      <LiveStatus message={said?.ok ? said.text : undefined} />
      <LiveAlert message={said && !said.ok ? said.text : undefined} />
    </Page>
  );
}
