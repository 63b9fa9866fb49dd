import type { ReactNode } from 'react';
import type { Role } from '../lib/api-types';

/**
 * A page behind the login, as the router and the navigation both read it (src/panel/panel-pages.tsx): who may
 * open a page is said once, so a link is never shown to someone its page would refuse.
 */
export interface SessionPage {
  /** Under /panel; '' is the first screen. */
  path: string;
  /** Its link in the navigation (content); a page without one is reached from another page. */
  navLabel?: string;
  /** Any one of these roles opens it (the server's roles for its calls); without them, anyone logged in. */
  roles?: readonly Role[];
  element: ReactNode;
}

export const mayOpen = (allowed: readonly string[] | undefined, roles: readonly string[]) =>
  !allowed || allowed.some((role) => roles.includes(role));
