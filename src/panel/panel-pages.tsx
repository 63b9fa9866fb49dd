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

const REVIEWERS = ['reviewer', 'approver'] as const;

/** The pages behind the login (docs/api.md#staff-panel), in the navigation's order. */
export const SESSION_PAGES: readonly SessionPage[] = [
  { path: '', navLabel: texts.nav.overview, element: <OverviewPage /> },
  { path: 'oswiadczenia', navLabel: texts.nav.review, roles: REVIEWERS, element: <ReviewQueuePage /> },
  { path: 'oswiadczenia/:id', roles: REVIEWERS, element: <StatementRoute /> },
  { path: 'wyplaty', navLabel: texts.nav.payouts, roles: ['payout'], element: <PayoutsPage /> },
  { path: 'reklamacje', navLabel: texts.nav.complaints, roles: ['complaints'], element: <ComplaintsPage /> },
  { path: 'reklamacje/:id', roles: ['complaints'], element: <ComplaintPage /> },
  { path: 'wydania', navLabel: texts.nav.issue, roles: ['payout'], element: <IssuePage /> },
  { path: 'zespol', navLabel: texts.nav.team, roles: ['admin'], element: <TeamPage /> },
  { path: 'dziennik', navLabel: texts.nav.audit, roles: ['auditor'], element: <AuditPage /> },
  { path: 'klucze', navLabel: texts.nav.passkeys, element: <PasskeysPage /> },
];
