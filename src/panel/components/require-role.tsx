import type { ReactNode } from 'react';
import { texts } from '../lib/texts';
import { Page } from './page';
import { mayOpen } from './page-access';
import { useSession } from './session';

/**
 * A page for some roles (any one of them will do): anyone else reads that they have no access (the server
 * answers them 403 too).
 */
export function RequireRole({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const session = useSession();
  if (mayOpen(roles, session.roles)) return children;
  return (
    <Page title={texts.noAccess.title}>
      <p>{texts.noAccess.text}</p>
    </Page>
  );
}
