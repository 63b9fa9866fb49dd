import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteCall } from '#shared/panel-api/team-calls.ts';
import { errorText, request } from '../../lib/api';
import { ROLES, type Role } from '../../lib/api-types';
import { fill, roleName, texts } from '../../lib/texts';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { STAFF_KEY } from './staff-key';

/**
 * An invitation: the server e-mails its link to the invitee, and the admin never sees it
 * (docs/decisions/staff.md#people-and-roles); a person with a passkey gets the role alone. `again` is a
 * person whose invitation ended unused: the form starts with their address and role, its field focused.
 */
export function InviteForm({ again }: { again?: { email: string; role: Role } }) {
  const client = useQueryClient();
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState(again?.email ?? '');
  const [role, setRole] = useState<Role>(again?.role ?? 'reviewer');
  const invite = useMutation({
    mutationFn: () => request(inviteCall, { body: { email, role } }),
    onSuccess: async () => {
      setEmail('');
      await client.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invite.isPending) invite.mutate();
  };
  return (
    <section aria-labelledby={`${emailId}-heading`}>
      <h2 id={`${emailId}-heading`}>{texts.team.inviteHeading}</h2>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={emailId}>{texts.team.email}</label>
          <input
            id={emailId}
            type="email"
            autoComplete="off"
            required
            autoFocus={again !== undefined}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={roleId}>{texts.team.role}</label>
          <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {roleName(value)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" aria-disabled={invite.isPending}>
          {texts.team.invite}
        </button>
      </form>
      <LiveStatus
        message={
          invite.data
            ? fill(invite.data.mailed ? texts.team.invited : texts.team.roleAdded, {
                email: invite.data.email,
                role: roleName(invite.data.role),
              })
            : undefined
        }
      />
      <LiveAlert message={invite.error ? errorText(invite.error) : undefined} />
    </section>
  );
}
