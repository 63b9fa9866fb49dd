import type { ReactNode } from 'react';
import { texts } from '../lib/texts';
import { Page } from './page';
import { useSession } from './session';

/** A page for one role: anyone else reads that they have no access (the server answers them 403 too). */
export function RequireRole({ role, children }: { role: string; children: ReactNode }) {
  const session = useSession();
  if (session.roles.includes(role)) return children;
  return (
    <Page title={texts.noAccess.title}>
      <p>{texts.noAccess.text}</p>
    </Page>
  );
}
