import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { logoutCall, sessionCall } from '#shared/panel-api/session-calls.ts';
import { endsSession, errorText, request } from '../lib/api';
import type { Session } from '../lib/api-types';
import { hasDrafts } from '../lib/drafts';
import { fill, roleNames, texts } from '../lib/texts';
import { formatInstant } from '../lib/time';
import { LiveAlert } from './live-region';
import { mayOpen, type SessionPage } from './page-access';
import { SESSION_KEY, type LoginState, type SessionContext } from './session';
import { useLogOut } from './use-log-out';

/**
 * Any call of a logged-in page answering 401 ends the panel for this tab: what it showed is dropped and the
 * person logs in again, told the session ended when there was one, and comes back where they were.
 */
function useLeaveOnSessionEnd(here: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  // The first 401 decides: a query still on the page asks again once the cache is cleared, and its own 401
  // must not send the person on a second time, now without the session (so without "your session ended").
  const leaving = useRef(false);
  useEffect(() => {
    const leave = (error: unknown) => {
      if (!endsSession(error) || leaving.current) return;
      leaving.current = true;
      const state: LoginState = {
        from: here,
        ended: client.getQueryData(SESSION_KEY) !== undefined,
        draftKept: hasDrafts(),
      };
      client.clear();
      void navigate('/logowanie', { replace: true, state });
    };
    const fromQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') leave(event.action.error);
    });
    const fromMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') leave(event.action.error);
    });
    return () => {
      fromQueries();
      fromMutations();
    };
  }, [client, navigate, here]);
}

function Header({ session, pages }: { session: Session; pages: readonly SessionPage[] }) {
  const logout = useLogOut(logoutCall, { loggedOut: true });
  const links = pages.filter((page) => page.navLabel && mayOpen(page.roles, session.roles));
  return (
    <header className="panel-header">
      <p className="panel-header__brand">{texts.brand}</p>
      <nav className="panel-nav" aria-label={texts.nav.label}>
        <ul>
          {links.map((link) => (
            <li key={link.path}>
              {/* A statement's page is under Oświadczenia: only the first screen's link wants the exact path. */}
              <NavLink to={`/${link.path}`} end={link.path === ''} className="panel-nav__link">
                {link.navLabel}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="panel-header__who">
        <p>{fill(texts.nav.signedInAs, { email: session.email })}</p>
        <p>{fill(texts.nav.roles, { roles: roleNames(session.roles) })}</p>
        <p className="panel-header__session">
          {fill(texts.nav.sessionEnds, {
            idleMinutes: session.idleMinutes,
            endsAt: formatInstant(session.endsAt),
          })}
        </p>
        <button
          type="button"
          className="button button--quiet"
          aria-disabled={logout.isPending}
          onClick={() => {
            if (!logout.isPending) logout.mutate();
          }}
        >
          {texts.nav.logout}
        </button>
        <LiveAlert message={logout.error ? errorText(logout.error) : undefined} />
      </div>
    </header>
  );
}

/**
 * The pages that need a session: the session is asked for first, then the header (with a link to each of
 * the pages the person may open) and the page.
 */
export function SessionLayout({ pages }: { pages: readonly SessionPage[] }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useLeaveOnSessionEnd(here);
  const session = useQuery({ queryKey: SESSION_KEY, queryFn: () => request(sessionCall) });

  if (!session.data) {
    if (endsSession(session.error)) {
      const state: LoginState = { from: here };
      return <Navigate to="/logowanie" replace state={state} />;
    }
    return (
      <main id="tresc" className="panel-main" tabIndex={-1}>
        {session.error ? (
          <>
            <LiveAlert message={errorText(session.error)} />
            <button type="button" className="button" onClick={() => void session.refetch()}>
              {texts.errors.retry}
            </button>
          </>
        ) : (
          <p role="status">{texts.session.checking}</p>
        )}
      </main>
    );
  }
  const context: SessionContext = { session: session.data };
  return (
    <>
      <a className="skip-link" href="#tresc">
        {texts.skipLink}
      </a>
      <Header session={session.data} pages={pages} />
      <main id="tresc" className="panel-main" tabIndex={-1}>
        <Outlet context={context} />
      </main>
    </>
  );
}
