import { Link, useLocation } from 'react-router-dom';
import { texts } from '../../lib/statement-texts';
import { tierById, type TierId } from '../../../shared/campaign';
import { tierForms } from '../../../shared/statement/forms';
import type { TierValidator } from '../../../shared/statement/validators';
import { StatementForm } from './statement-form';
import { submitStatement } from './submit-statement';
import './statement.css';

const CODE_PATTERN = /^[A-Za-z0-9]{11}$/;

/** The one page of all seven statement forms; the route chooses the tier (spec §2). */
export default function StatementPage({ tierId, validator }: { tierId: TierId; validator: TierValidator }) {
  const tier = tierById(tierId)!;
  const location = useLocation();
  const hash = new URLSearchParams(location.search).get('hash') || null;
  const stateCode = (location.state as { code?: unknown } | null)?.code;
  const lockedCode = typeof stateCode === 'string' && CODE_PATTERN.test(stateCode) ? stateCode : undefined;
  // A hash tier's statement is accepted only with the e-mailed link's hash: without it, say how to get there.
  if (tier.claimBy === 'hash' && !hash) {
    return (
      <section className="statement statement--no-link">
        <h1>{texts.noLinkTitle}</h1>
        <p>{texts.noLinkText}</p>
        <Link className="button button--sun" to={{ pathname: '/', hash: '#zwyciezcy' }}>
          {texts.noLinkAction}
        </Link>
      </section>
    );
  }
  return (
    <div className="statement">
      <StatementForm
        key={tierId}
        tier={tier}
        form={tierForms[tierId]}
        validator={validator}
        hash={hash}
        lockedCode={lockedCode}
        send={(payload) => submitStatement(tier, payload)}
      />
    </div>
  );
}
