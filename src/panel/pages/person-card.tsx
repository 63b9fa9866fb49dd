import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorText } from '../lib/api';
import { ROLES, type Person, type Role } from '../lib/api-types';
import { fill, roleName, roleNames, texts } from '../lib/texts';
import { formatInstant } from '../lib/time';
import { LiveAlert, LiveStatus } from '../components/live-region';
import { SESSION_KEY, useSession } from '../components/session';
import { STAFF_KEY } from './staff-key';

type Outcome = { ok: boolean; text: string } | undefined;

/**
 * One person of the team: their facts, their roles to change, and revoking them behind a confirmation. A
 * revoked person's card goes away with them: the team page says it was done (`onRevoked`).
 */
export function PersonCard({
  person,
  onRevoked,
  onInviteAgain,
}: {
  person: Person;
  onRevoked: (email: string) => void;
  /** Fills the invitation form with this person's address and a role of theirs. */
  onInviteAgain: (again: { email: string; role: Role }) => void;
}) {
  const client = useQueryClient();
  const headingId = useId();
  const hintId = useId();
  // docs/decisions/staff.md#own-roles: one's own roles saved here work at once, in this very session.
  const own = useSession().email === person.email;
  const [roles, setRoles] = useState<readonly string[]>(person.roles);
  // When the server's roles change (saved here, or by another admin), the boxes start again from them.
  const [serverRoles, setServerRoles] = useState(person.roles.join());
  if (serverRoles !== person.roles.join()) {
    setServerRoles(person.roles.join());
    setRoles(person.roles);
  }
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const revokeButton = useRef<HTMLButtonElement>(null);
  const failed = (error: unknown) => setOutcome({ ok: false, text: errorText(error) });
  const closeConfirmation = () => {
    setConfirming(false);
    // The confirmation's buttons go away: the focus goes back to the button that opened it.
    requestAnimationFrame(() => revokeButton.current?.focus());
  };
  const refresh = () => client.invalidateQueries({ queryKey: STAFF_KEY });

  const saveRoles = useMutation({
    mutationFn: (chosen: string[]) =>
      call<{ roles: string[] }>(`/staff/${encodeURIComponent(person.id)}/roles`, {
        method: 'PUT',
        body: { roles: chosen },
      }),
    onMutate: () => setOutcome(undefined),
    onSuccess: async (saved) => {
      const facts = { email: person.email, roles: roleNames(saved.roles) };
      setOutcome({ ok: true, text: fill(own ? texts.team.ownRolesSaved : texts.team.rolesSaved, facts) });
      // The header and the menu show the roles just saved.
      if (own) await client.invalidateQueries({ queryKey: SESSION_KEY });
    },
    onError: failed,
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => call<void>(`/staff/${encodeURIComponent(person.id)}`, { method: 'DELETE', body: {} }),
    onMutate: () => setOutcome(undefined),
    onSuccess: async () => {
      onRevoked(person.email);
      await refresh();
    },
    onError: (error) => {
      closeConfirmation();
      failed(error);
    },
  });

  const toggle = (role: string, checked: boolean) =>
    setRoles((current) => (checked ? [...current, role] : current.filter((other) => other !== role)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saveRoles.isPending) return;
    const chosen = ROLES.filter((role) => roles.includes(role));
    if (chosen.length === 0) setOutcome({ ok: false, text: texts.team.atLeastOneRole });
    else saveRoles.mutate(chosen);
  };
  return (
    <li className="person" aria-labelledby={headingId}>
      <h3 id={headingId}>{person.email}</h3>
      <dl className="facts">
        <dt>{texts.team.passkeys}</dt>
        <dd>{person.passkeys}</dd>
        <dt>{texts.team.lastLogin}</dt>
        <dd>{person.lastLoginAt ? formatInstant(person.lastLoginAt) : texts.team.never}</dd>
        {person.invitedUntil ? (
          <>
            <dt>{texts.team.invitedUntil}</dt>
            <dd>{formatInstant(person.invitedUntil)}</dd>
          </>
        ) : null}
        {person.invitationExpiredAt ? (
          <>
            <dt>{texts.team.invitationExpired}</dt>
            <dd>{formatInstant(person.invitationExpiredAt)}</dd>
          </>
        ) : null}
      </dl>
      {person.invitationExpiredAt ? (
        <button
          type="button"
          className="button button--quiet person__again"
          aria-label={fill(texts.team.inviteAgainLabel, { email: person.email })}
          onClick={() =>
            onInviteAgain({ email: person.email, role: ROLES.find((role) => person.roles.includes(role))! })
          }
        >
          {texts.team.inviteAgain}
        </button>
      ) : null}
      <form className="form" onSubmit={submit}>
        <fieldset aria-describedby={own ? hintId : undefined}>
          <legend>{fill(texts.team.rolesLegend, { email: person.email })}</legend>
          {own ? (
            <p id={hintId} className="hint">
              {texts.team.ownRolesHint}
            </p>
          ) : null}
          {ROLES.map((role) => (
            <label key={role} className="checkbox">
              <input
                type="checkbox"
                checked={roles.includes(role)}
                onChange={(event) => toggle(role, event.target.checked)}
              />
              {roleName(role)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button" aria-disabled={saveRoles.isPending}>
          {texts.team.saveRoles}
        </button>
      </form>
      {confirming ? (
        <div className="confirm">
          <p>{fill(texts.team.revokeConfirm, { email: person.email })}</p>
          <button
            type="button"
            className="button button--danger"
            aria-disabled={revoke.isPending}
            onClick={() => {
              if (!revoke.isPending) revoke.mutate();
            }}
          >
            {texts.team.revokeYes}
          </button>
          <button type="button" className="button button--quiet" autoFocus onClick={closeConfirmation}>
            {texts.team.revokeNo}
          </button>
        </div>
      ) : (
        <button
          ref={revokeButton}
          type="button"
          className="button button--quiet button--danger"
          onClick={() => {
            setOutcome(undefined);
            setConfirming(true);
          }}
        >
          {texts.team.revoke}
        </button>
      )}
      <LiveStatus message={outcome?.ok ? outcome.text : undefined} />
      <LiveAlert message={outcome && !outcome.ok ? outcome.text : undefined} />
    </li>
  );
}
