import { useLocation, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginCall, loginOptionsCall } from '#shared/panel-api/session-calls.ts';
import { errorText, request } from '../../lib/api';
import { authenticate, requireWebAuthn } from '../../lib/passkey';
import { texts } from '../../lib/texts';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { Page } from '../../components/page';
import { SESSION_KEY, type LoginState } from '../../components/session';

/** Back where the person was headed: a page of the panel, never the login or a link's page itself. */
function destination(from: string | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//')) return '/';
  return /^\/(logowanie|zaproszenie|odzyskiwanie)\b/.test(from) ? '/' : from;
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = (location.state ?? {}) as LoginState;
  const login = useMutation({
    mutationFn: async () => {
      requireWebAuthn();
      const options = await request(loginOptionsCall, { sessionless: true });
      const response = await authenticate(options);
      return request(loginCall, { body: { response }, sessionless: true });
    },
    onSuccess: () => {
      client.removeQueries({ queryKey: SESSION_KEY });
      void navigate(destination(state.from), { replace: true });
    },
  });
  return (
    <main id="tresc" className="panel-main panel-main--narrow">
      <p className="panel-header__brand">{texts.brand}</p>
      <Page title={texts.login.title}>
        {state.ended ? <p className="notice">{texts.login.sessionEnded}</p> : null}
        {state.draftKept ? <p className="notice">{texts.login.draftKept}</p> : null}
        {state.loggedOut ? <p className="notice">{texts.login.loggedOut}</p> : null}
        {state.loggedOutEverywhere ? <p className="notice">{texts.login.loggedOutEverywhere}</p> : null}
        <p>{texts.login.intro}</p>
        <button
          type="button"
          className="button"
          aria-disabled={login.isPending}
          onClick={() => {
            if (!login.isPending) login.mutate();
          }}
        >
          {texts.login.button}
        </button>
        <LiveStatus message={login.isPending ? texts.passkey.waiting : undefined} />
        <LiveAlert message={login.error ? errorText(login.error) : undefined} />
        <p className="hint">{texts.login.noKey}</p>
      </Page>
    </main>
  );
}
