import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { staffCall } from '#shared/panel-api/team-calls.ts';
import { request } from '../../lib/api';
import type { Role } from '../../lib/api-types';
import { fill, texts } from '../../lib/texts';
import { LiveStatus } from '../../components/live-region';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { InviteForm } from './invite-form';
import { PersonCard } from './person-card';
import { STAFF_KEY } from './staff-key';

/** /panel/zespol (admin): who has access, with which roles; invitations. */
export function TeamPage() {
  const headingId = useId();
  const [revoked, setRevoked] = useState<string>();
  const peopleHeading = useRef<HTMLHeadingElement>(null);
  // A revoked person's card goes away with the focus on it: the focus goes to the list's heading.
  const onRevoked = (email: string) => {
    setRevoked(email);
    peopleHeading.current?.focus();
  };
  // 'Zaproś ponownie' on a card fills the invitation form anew (a new key: a new form, its field focused).
  const [again, setAgain] = useState<{ email: string; role: Role; count: number }>();
  const inviteAgain = ({ email, role }: { email: string; role: Role }) =>
    setAgain((last) => ({ email, role, count: (last?.count ?? 0) + 1 }));
  const staff = useQuery({
    queryKey: STAFF_KEY,
    queryFn: () => request(staffCall),
  });
  return (
    <Page title={texts.team.title}>
      <InviteForm key={again?.count ?? 0} again={again} />
      <section aria-labelledby={headingId}>
        <h2 id={headingId} ref={peopleHeading} tabIndex={-1}>
          {texts.team.peopleHeading}
        </h2>
        <LiveStatus message={revoked ? fill(texts.team.revoked, { email: revoked }) : undefined} />
        <QueryState query={staff} />
        {staff.data && staff.data.people.length === 0 ? <p>{texts.team.none}</p> : null}
        {staff.data && staff.data.people.length > 0 ? (
          <ul className="people">
            {staff.data.people.map((person) => (
              <PersonCard key={person.id} person={person} onRevoked={onRevoked} onInviteAgain={inviteAgain} />
            ))}
          </ul>
        ) : null}
      </section>
    </Page>
  );
}
