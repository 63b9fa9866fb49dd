import { Link, Navigate, useLocation } from 'react-router-dom';
import { texts } from '#shared/content/statement-texts.ts';
import { fill } from '#shared/content/template.ts';
import { longPolishDate } from '#shared/content/polish-dates.ts';
import { tierById, type TierId } from '#shared/campaign.ts';
import { tierForms } from '#shared/statement/forms.ts';
import type { TierValidator } from '#shared/statement/validators.ts';
import { buildPayload } from '#shared/statement/payload.ts';
import { StatementForm } from './statement-form';
import { statementSuccess } from './statement-success';
import { statementFormPage } from './templates';
import { useStatementLink, type PrizeIssue } from './statement-link';
import { useHydrated } from '../../lib/hydrated';
import { submitStatement } from './submit-statement';

const CODE_PATTERN = /^[A-Za-z0-9]{11}$/;

/** Instead of the form: why it cannot be filled in from here, and where to go. */
function LinkNotice({
  title,
  text,
  action,
  reason,
  reference,
}: {
  title: string;
  text: string;
  action: 'checker' | 'home';
  reason?: string;
  reference?: string;
}) {
  return (
    <section className="statement statement--no-link">
      <h1>{title}</h1>
      {reason ? <p>{reason}</p> : null}
      <p>{text}</p>
      {reference ? <p>{fill(texts.linkRejectedReference, { reference })}</p> : null}
      {action === 'checker' ? (
        <Link className="button button--sun" to={{ pathname: '/', hash: '#zwyciezcy' }}>
          {texts.noLinkAction}
        </Link>
      ) : (
        <Link className="button button--sun" to="/">
          {texts.successButton}
        </Link>
      )}
    </section>
  );
}

/** docs/decisions/prize-issue.md#winner-page: what became of the accepted prize, in the winner's words. */
function issueNotice(issue: PrizeIssue): { title: string; text: string } {
  const values = {
    date: longPolishDate(issue.on),
    carrier: issue.carrier ?? '',
    tracking: issue.tracking ?? '',
  };
  const notices: Record<PrizeIssue['state'], { title: string; text: string }> = {
    shipped: { title: texts.linkShippedTitle, text: texts.linkShippedText },
    returned: { title: texts.linkReturnedTitle, text: texts.linkReturnedText },
    delivered: { title: texts.linkIssuedTitle, text: texts.linkDeliveredText },
    'handed-over': { title: texts.linkIssuedTitle, text: texts.linkHandedOverText },
    paid: { title: texts.linkIssuedTitle, text: texts.linkPaidText },
  };
  const { title, text } = notices[issue.state];
  return { title, text: fill(text, values) };
}

/** The one page of all seven statement forms; the route chooses the tier (spec §2). */
export default function StatementPage({ tierId, validator }: { tierId: TierId; validator: TierValidator }) {
  const tier = tierById(tierId)!;
  const location = useLocation();
  const hash = (tier.claimBy === 'hash' && new URLSearchParams(location.search).get('hash')) || null;
  const link = useStatementLink(hash);
  // Navigation state is the browser's (a reload keeps it): read once the server's HTML is hydrated. Until
  // then the form takes no input: what a winner typed or ticked in the server's HTML would stay on the screen,
  // unseen by React, and the form would still ask for it.
  const hydrated = useHydrated();
  const stateCode = hydrated ? (location.state as { code?: unknown } | null)?.code : undefined;
  // A valid link knows its code: it is filled in and locked, as one passed from the code checker.
  const lockedCode =
    link.kind === 'open'
      ? link.code
      : typeof stateCode === 'string' && CODE_PATTERN.test(stateCode)
        ? stateCode
        : undefined;
  // A hash tier's statement is accepted only with the e-mailed link's hash: without it, say how to get there.
  if (tier.claimBy === 'hash' && !hash) {
    return <LinkNotice title={texts.noLinkTitle} text={texts.noLinkText} action="checker" />;
  }
  if (link.kind === 'unknown') {
    return <LinkNotice title={texts.linkUnknownTitle} text={texts.linkUnknownText} action="home" />;
  }
  if (link.kind === 'passed') {
    return <LinkNotice title={texts.linkPassedTitle} text={texts.linkPassedText} action="home" />;
  }
  if (link.kind === 'received') {
    // docs/api.md#reads: where the statement stands, never what it holds.
    const { review } = link;
    if (review.state === 'in-review')
      return <LinkNotice title={texts.linkInReviewTitle} text={texts.linkInReviewText} action="home" />;
    if (review.state === 'accepted') {
      const { title, text } = review.issue
        ? issueNotice(review.issue)
        : { title: texts.linkAcceptedTitle, text: texts.linkAcceptedText };
      return <LinkNotice title={title} text={text} action="home" />;
    }
    if (review.state === 'rejected')
      return (
        <LinkNotice
          title={texts.linkRejectedTitle}
          reason={review.reason}
          reference={review.reference}
          text={texts.linkRejectedText}
          action="home"
        />
      );
    return <LinkNotice title={texts.linkUsedTitle} text={texts.linkUsedText} action="home" />;
  }
  // A link opened on another tier's page (an edited address) goes to its own tier's page.
  if (link.kind === 'open' && link.tier.id !== tierId) {
    return <Navigate replace to={{ pathname: link.tier.path, search: location.search }} />;
  }
  return (
    <div className="statement">
      <noscript>
        <p className="statement__no-script">{texts.noScript}</p>
      </noscript>
      <StatementForm
        key={tierId}
        form={tierForms[tierId]}
        validator={validator}
        page={statementFormPage(tier)}
        lockedCode={lockedCode}
        // A hash tier's code comes from its link; a code tier's from the code checker.
        codeLocked={lockedCode === undefined ? undefined : hash ? 'link' : 'checker'}
        toBody={(data, visible) => buildPayload(tier, data, { hash, visible })}
        send={(payload) => submitStatement(tier, payload)}
        submitLabel={texts.submit}
        success={statementSuccess(tier)}
        disabled={!hydrated}
      />
    </div>
  );
}

// The complaint's page rides in this page's chunk (npm run bench's JS budget): it is the same form engine.
export { ComplaintPage } from './complaint-page';
