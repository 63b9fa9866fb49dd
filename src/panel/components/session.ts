import { useOutletContext } from 'react-router-dom';
import type { Session } from '../lib/api-types';

/** What the logged-in pages get from the layout (session-layout.tsx). */
export interface SessionContext {
  session: Session;
}

export const SESSION_KEY = ['session'] as const;

export const useSession = () => useOutletContext<SessionContext>().session;

/** Where the login page sends the person after logging in, and what it says on arrival. */
export interface LoginState {
  from?: string;
  ended?: boolean;
  /** The tab keeps an unsent decision (docs/decisions/panel-page.md#drafts): it waits after the login. */
  draftKept?: boolean;
  loggedOut?: boolean;
  /** 'Wyloguj wszędzie': every session of the person ended. */
  loggedOutEverywhere?: boolean;
}
