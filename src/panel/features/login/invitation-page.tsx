import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { registrationCall, registrationOptionsCall } from '#shared/panel-api/session-calls.ts';
import { errorText, PanelApiError, request } from '../../lib/api';
import type { InvitationOptions } from '../../lib/api-types';
import { register, requireWebAuthn } from '../../lib/passkey';
import { roleNames, texts } from '../../lib/texts';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { Page } from '../../components/page';
import { SESSION_KEY } from '../../components/session';

// WebAuthn's own default for how long a ceremony's options stay good, when the server names none.
const DEFAULT_CEREMONY_TIMEOUT_MS = 300_000;

/**
 * /panel/zaproszenie#<token>, and /panel/odzyskiwanie#<token> after an admin's reset (the same page in its
 * own words: docs/decisions/staff.md#reset): the token rides in the fragment, which browsers never send, so
 * it is in no request line or log; it goes to the server only in the body of the two registration calls.
 */
export function InvitationPage({ kind }: { kind: 'invitation' | 'recovery' }) {
  const words = kind === 'recovery' ? { ...texts.invitation, ...texts.recovery } : texts.invitation;
  const { hash } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  // The fragment as the page was opened: landing in /panel afterwards replaces this entry of the history.
  const [token] = useState(() => hash.replace(/^#/, ''));
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => request(registrationOptionsCall, { body: { token }, sessionless: true }),
    enabled: token !== '',
    // The options carry the challenge the server expects back: asked for once, never behind the person's back.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const registration = useMutation({
    mutationFn: async (current: { options: InvitationOptions['options']; fetchedAt: number }) => {
      requireWebAuthn();
      let options = current.options;
      // A page left open past the challenge's time gets a fresh one rather than a refusal.
      if (Date.now() - current.fetchedAt > (options.timeout ?? DEFAULT_CEREMONY_TIMEOUT_MS)) {
        const again = await invitation.refetch({ throwOnError: true });
        options = again.data!.options;
      }
      const response = await register(options);
      return request(registrationCall, { body: { token, response }, sessionless: true });
    },
    onSuccess: () => {
      client.removeQueries({ queryKey: SESSION_KEY });
      void navigate('/', { replace: true });
    },
  });

  const refused = invitation.error instanceof PanelApiError && invitation.error.status < 500;
  return (
    <main id="tresc" className="panel-main panel-main--narrow">
      <p className="panel-header__brand">{texts.brand}</p>
      <Page title={words.title}>
        {token === '' ? <p className="notice">{words.noToken}</p> : null}
        {invitation.isPending && token !== '' ? <p role="status">{words.checking}</p> : null}
        {invitation.error ? (
          <div role="alert">
            <p>{errorText(invitation.error)}</p>
          </div>
        ) : null}
        {/* No dead end: whoever already has a passkey (a used link is often theirs) logs in from here. */}
        {token === '' || refused ? (
          <p>
            <Link to="/logowanie">{words.toLogin}</Link>
          </p>
        ) : null}
        {invitation.data ? (
          <>
            <dl className="facts">
              <dt>{words.for}</dt>
              <dd>{invitation.data.email}</dd>
              <dt>{words.roles}</dt>
              <dd>{roleNames(invitation.data.roles)}</dd>
            </dl>
            <p>{words.intro}</p>
            <button
              type="button"
              className="button"
              aria-disabled={registration.isPending}
              onClick={() => {
                if (registration.isPending || !invitation.data) return;
                registration.mutate({
                  options: invitation.data.options,
                  fetchedAt: invitation.dataUpdatedAt,
                });
              }}
            >
              {words.button}
            </button>
            <LiveStatus message={registration.isPending ? texts.passkey.waiting : undefined} />
            <LiveAlert message={registration.error ? errorText(registration.error) : undefined} />
          </>
        ) : null}
      </Page>
    </main>
  );
}
