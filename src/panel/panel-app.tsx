import { Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isWorthRetrying } from './lib/api';
import { NotFoundPage } from './components/not-found-page';
import { RequireRole } from './components/require-role';
import { SessionLayout } from './components/session-layout';
import { AuditPage } from './features/audit/audit-page';
import { InvitationPage } from './features/login/invitation-page';
import { LoginPage } from './features/login/login-page';
import { OverviewPage } from './features/overview/overview-page';
import { PasskeysPage } from './features/passkeys/passkeys-page';
import { PayoutsPage } from './features/payouts/payouts-page';
import { ReviewQueuePage } from './features/review/review-queue-page';
import { StatementRoute } from './features/review/statement-page';
import { TeamPage } from './features/team/team-page';

const MAX_RETRIES = 3;

// Who may open which pages (the server's roles for their calls).
const REVIEWERS = ['reviewer', 'approver'];
const PAYOUT = ['payout'];
const ADMIN = ['admin'];
const AUDITOR = ['auditor'];

/** TanStack Query's defaults (3 retries with backoff), except that an answer the server meant (4xx) stands. */
export function createPanelQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: (failures, error) => failures < MAX_RETRIES && isWorthRetrying(error) },
      mutations: { retry: false },
    },
  });
}

/**
 * The panel's pages (docs/api.md#staff-panel), under the router the caller gives: BrowserRouter with the
 * basename /panel in the browser (main.tsx), MemoryRouter in tests. Login and the invitation need no session.
 */
export function PanelApp({ client }: { client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <Routes>
        <Route path="logowanie" element={<LoginPage />} />
        <Route path="zaproszenie" element={<InvitationPage kind="invitation" />} />
        <Route path="odzyskiwanie" element={<InvitationPage kind="recovery" />} />
        <Route element={<SessionLayout />}>
          <Route index element={<OverviewPage />} />
          <Route path="klucze" element={<PasskeysPage />} />
          <Route
            path="oswiadczenia"
            element={
              <RequireRole roles={REVIEWERS}>
                <ReviewQueuePage />
              </RequireRole>
            }
          />
          <Route
            path="oswiadczenia/:id"
            element={
              <RequireRole roles={REVIEWERS}>
                <StatementRoute />
              </RequireRole>
            }
          />
          <Route
            path="wyplaty"
            element={
              <RequireRole roles={PAYOUT}>
                <PayoutsPage />
              </RequireRole>
            }
          />
          <Route
            path="zespol"
            element={
              <RequireRole roles={ADMIN}>
                <TeamPage />
              </RequireRole>
            }
          />
          <Route
            path="dziennik"
            element={
              <RequireRole roles={AUDITOR}>
                <AuditPage />
              </RequireRole>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
