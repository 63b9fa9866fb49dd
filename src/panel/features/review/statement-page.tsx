import { useId, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { statementCall } from '#shared/panel-api/review-calls.ts';
import { request } from '../../lib/api';
import type { Finding, ReviewStatement } from '../../lib/api-types';
import { fill, findingLevelName, lostText, reviewStateName, texts, tierName } from '../../lib/texts';
import { formatInstant } from '../../lib/time';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { useSession } from '../../components/session';
import { CouponPhoto } from './coupon-photo';
import { QUEUE_PATH, queueTierOf, statementKey, type FromQueue } from './review-shared';
import { StatementDecision } from './statement-decision';
import { StatementFields } from './statement-fields';
import { TakeNext } from './take-next';

function Facts({ statement }: { statement: ReviewStatement }) {
  const facts = texts.statement.facts;
  const reviewer = statement.reviewer;
  return (
    <dl className="facts">
      <dt>{facts.tier}</dt>
      <dd>{tierName(statement.tier)}</dd>
      <dt>{facts.code}</dt>
      <dd className="code">{statement.code}</dd>
      <dt>{facts.state}</dt>
      <dd>{reviewStateName(statement.state)}</dd>
      <dt>{facts.receivedAt}</dt>
      <dd>{formatInstant(statement.receivedAt)}</dd>
      <dt>{facts.issuedDate}</dt>
      <dd>{statement.claim.issuedDate}</dd>
      <dt>{facts.deadlineDate}</dt>
      <dd>{statement.claim.deadlineDate}</dd>
      <dt>{facts.reviewer}</dt>
      <dd>
        {reviewer
          ? reviewer.me
            ? fill(texts.statement.you, { email: reviewer.email })
            : reviewer.email
          : texts.statement.nobody}
      </dd>
      {statement.claim.reserve !== null ? (
        <>
          <dt>{facts.reserve}</dt>
          <dd>{fill(texts.statement.reserveNumber, { reserve: statement.claim.reserve })}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** Facts, not verdicts: each says its level in words too, not by its colour alone. */
function Findings({ findings }: { findings: Finding[] }) {
  if (findings.length === 0) return <p>{texts.statement.findingsNone}</p>;
  return (
    <ul className="findings">
      {findings.map((finding, index) => (
        <li key={index} className={`finding finding--${finding.level}`}>
          <span className="finding__level">{findingLevelName(finding.level)}:</span> {finding.text}
        </li>
      ))}
    </ul>
  );
}

/** Who decided what, when: the reviewer's decision, the approver's, the final one, and the prize if lost. */
function History({ statement }: { statement: ReviewStatement }) {
  const { decision, approval, final, lost } = statement;
  const labels = texts.statement.history;
  if (!decision && !approval && !final && !lost) return <p>{texts.statement.noHistory}</p>;
  return (
    <dl className="facts">
      {decision ? (
        <>
          <dt>{labels.decision}</dt>
          <dd>
            {fill(texts.statement.decisionOutcomes[decision.outcome], {
              reason: decision.reasonLabel ?? decision.reason ?? texts.empty,
              at: formatInstant(decision.at),
            })}
          </dd>
          {decision.sentence ? (
            <>
              <dt>{labels.winnerReads}</dt>
              <dd>{decision.sentence}</dd>
            </>
          ) : null}
          {decision.note ? (
            <>
              <dt>{labels.note}</dt>
              <dd className="note">{decision.note}</dd>
            </>
          ) : null}
        </>
      ) : null}
      {approval ? (
        <>
          <dt>{labels.approval}</dt>
          <dd>
            {fill(texts.statement.approvalOutcomes[approval.outcome], {
              by: approval.by,
              at: formatInstant(approval.at),
            })}
          </dd>
          {approval.note ? (
            <>
              <dt>{labels.note}</dt>
              <dd className="note">{approval.note}</dd>
            </>
          ) : null}
        </>
      ) : null}
      {final ? (
        <>
          <dt>{labels.final}</dt>
          <dd>{fill(texts.statement.finalOutcomes[final.outcome], { at: formatInstant(final.at) })}</dd>
        </>
      ) : null}
      {lost ? (
        <>
          <dt>{labels.lost}</dt>
          <dd>{lostText(lost, statement.passedTo)}</dd>
        </>
      ) : null}
    </dl>
  );
}

function StatementBody({ statement }: { statement: ReviewStatement }) {
  const id = useId();
  const decisionHeading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <p>
        <a
          href={`#${id}-decision`}
          onClick={(event) => {
            // The heading takes the focus (and the browser scrolls to it); the address stays as it was.
            event.preventDefault();
            decisionHeading.current?.focus();
          }}
        >
          {texts.statement.toDecision}
        </a>
      </p>
      <Facts statement={statement} />
      <section aria-labelledby={`${id}-findings`}>
        <h2 id={`${id}-findings`}>{texts.statement.findingsHeading}</h2>
        <Findings findings={statement.findings} />
      </section>
      <div className="statement-columns">
        <section aria-labelledby={`${id}-fields`}>
          <h2 id={`${id}-fields`}>{texts.statement.fieldsHeading}</h2>
          <StatementFields
            statementId={statement.id}
            fields={statement.fields}
            canReveal={statement.actions.includes('reveal')}
          />
        </section>
        <section aria-labelledby={`${id}-photo`}>
          <h2 id={`${id}-photo`}>{texts.statement.photoHeading}</h2>
          <CouponPhoto
            statementId={statement.id}
            reference={statement.reference ?? texts.empty}
            image={statement.image}
            canSee={statement.actions.includes('reveal')}
          />
        </section>
      </div>
      <section aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`}>{texts.statement.historyHeading}</h2>
        <History statement={statement} />
      </section>
      <section aria-labelledby={`${id}-decision`} className="decision">
        <h2 id={`${id}-decision`} ref={decisionHeading} tabIndex={-1}>
          {texts.statement.decisionHeading}
        </h2>
        <StatementDecision statement={statement} heading={decisionHeading} />
      </section>
    </>
  );
}

/**
 * /panel/oswiadczenia/:id (reviewer, approver): one statement, its photo, what the checks found, who decided
 * what, and what the person may do now. docs/decisions/panel-page.md#review-pages
 */
function StatementPage({ id }: { id: string }) {
  const session = useSession();
  const location = useLocation();
  const from = (location.state ?? {}) as FromQueue;
  const statement = useQuery({
    queryKey: statementKey(id),
    queryFn: () => request(statementCall, { params: { id } }),
    // Each load is an opening of personal data in the audit trail: coming back to the tab is not one.
    refetchOnWindowFocus: false,
  });
  const data = statement.data;
  const back = from.queue ?? (data ? `${QUEUE_PATH}?tier=${encodeURIComponent(data.tier)}` : QUEUE_PATH);
  return (
    <Page
      title={
        data
          ? fill(texts.statement.titleOf, { reference: data.reference ?? texts.empty })
          : texts.statement.title
      }
    >
      <div className="review-toolbar">
        <p>
          <Link to={back}>{texts.statement.back}</Link>
        </p>
        {data && session.roles.includes('reviewer') ? (
          <TakeNext tier={queueTierOf(from)} queue={from.queue} />
        ) : null}
      </div>
      <QueryState query={statement} />
      {data ? <StatementBody statement={data} /> : null}
    </Page>
  );
}

/**
 * Another statement is another page: what one showed (revealed values, a photo, a half-written note) is
 * not carried over to the next.
 */
export function StatementRoute() {
  const { id = '' } = useParams();
  return <StatementPage key={id} id={id} />;
}
