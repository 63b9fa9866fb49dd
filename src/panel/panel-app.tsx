import { Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isWorthRetrying } from './lib/api';
import { NotFoundPage } from './components/not-found-page';
import { RequireRole } from './components/require-role';
import { SessionLayout } from './components/session-layout';
import { OPEN_PAGES, SESSION_PAGES } from './panel-pages';

const MAX_RETRIES = 3;

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
        {OPEN_PAGES.map((page) => (
          <Route key={page.path} path={page.path} element={page.element} />
        ))}
        <Route element={<SessionLayout pages={SESSION_PAGES} />}>
          {SESSION_PAGES.map(({ path, roles, element }) => {
            const guarded = roles ? <RequireRole roles={roles}>{element}</RequireRole> : element;
            return path === '' ? (
              <Route key={path} index element={guarded} />
            ) : (
              <Route key={path} path={path} element={guarded} />
            );
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
