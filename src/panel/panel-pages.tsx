import { complaintCall, complaintsCall } from '#shared/panel-api/complaint-calls.ts';
import { issueCall } from '#shared/panel-api/issue-calls.ts';
import { payoutsCall } from '#shared/panel-api/payout-calls.ts';
import { queueCall, statementCall } from '#shared/panel-api/review-calls.ts';
import { auditCall, staffCall } from '#shared/panel-api/team-calls.ts';
import type { SessionPage } from './components/page-access';
import { texts } from './lib/texts';
import { AuditPage } from './features/audit/audit-page';
import { ComplaintPage } from './features/complaints/complaint-page';
import { ComplaintsPage } from './features/complaints/complaints-page';
import { IssuePage } from './features/issue/issue-page';
import { InvitationPage } from './features/login/invitation-page';
import { LoginPage } from './features/login/login-page';
import { OverviewPage } from './features/overview/overview-page';
import { PasskeysPage } from './features/passkeys/passkeys-page';
import { PayoutsPage } from './features/payouts/payouts-page';
import { ReviewQueuePage } from './features/review/review-queue-page';
import { StatementRoute } from './features/review/statement-page';
import { TeamPage } from './features/team/team-page';
// Each feature's own styles, after the panel's (main.tsx imports panel.css before the app).
import './features/complaints/complaints.css';
import './features/issue/issue.css';
import './features/passkeys/passkeys.css';
import './features/payouts/payouts.css';
import './features/review/review.css';
import './features/team/team.css';

/** The pages without a session: the login, and the links that register a passkey. */
export const OPEN_PAGES = [
  { path: 'logowanie', element: <LoginPage /> },
  { path: 'zaproszenie', element: <InvitationPage kind="invitation" /> },
  { path: 'odzyskiwanie', element: <InvitationPage kind="recovery" /> },
];

/**
 * The pages behind the login (docs/api.md#staff-panel), in the navigation's order. A page's roles are those of
 * the call it opens with (src/shared/panel-api): a person who may open it may also load it.
 */
export const SESSION_PAGES: readonly SessionPage[] = [
  { path: '', navLabel: texts.nav.overview, element: <OverviewPage /> },
  { path: 'oswiadczenia', navLabel: texts.nav.review, roles: queueCall.access, element: <ReviewQueuePage /> },
  { path: 'oswiadczenia/:id', roles: statementCall.access, element: <StatementRoute /> },
  { path: 'wyplaty', navLabel: texts.nav.payouts, roles: payoutsCall.access, element: <PayoutsPage /> },
  {
    path: 'reklamacje',
    navLabel: texts.nav.complaints,
    roles: complaintsCall.access,
    element: <ComplaintsPage />,
  },
  { path: 'reklamacje/:id', roles: complaintCall.access, element: <ComplaintPage /> },
  { path: 'wydania', navLabel: texts.nav.issue, roles: issueCall.access, element: <IssuePage /> },
  { path: 'zespol', navLabel: texts.nav.team, roles: staffCall.access, element: <TeamPage /> },
  { path: 'dziennik', navLabel: texts.nav.audit, roles: auditCall.access, element: <AuditPage /> },
  { path: 'klucze', navLabel: texts.nav.passkeys, element: <PasskeysPage /> },
];
