import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetCall, revokeCall, rolesCall } from '#shared/panel-api/team-calls.ts';
import { errorText, request } from '../../lib/api';
import { ROLES, type Person, type Role } from '../../lib/api-types';
import { fill, roleName, roleNames, texts } from '../../lib/texts';
import { formatInstant } from '../../lib/time';
import { AskFirst } from '../../components/ask-first';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { useSession } from '../../components/session';
import { STAFF_KEY } from './staff-key';

type Outcome = { ok: boolean; text: string } | undefined;

/**
 * One person of the team: their facts, their roles to change, and resetting their access or revoking them,
 * each behind a confirmation. A revoked person's card goes away with them: the team page says it was done
 * (`onRevoked`). One's own card changes no roles and resets nothing (docs/decisions/staff.md#own-roles).
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
  const own = useSession().email === person.email;
  const [roles, setRoles] = useState<readonly string[]>(person.roles);
  // When the server's roles change (saved here, or by another admin), the boxes start again from them.
  const [serverRoles, setServerRoles] = useState(person.roles.join());
  if (serverRoles !== person.roles.join()) {
    setServerRoles(person.roles.join());
    setRoles(person.roles);
  }
  const [outcome, setOutcome] = useState<Outcome>();
  const failed = (error: unknown) => setOutcome({ ok: false, text: errorText(error) });
  const refresh = () => client.invalidateQueries({ queryKey: STAFF_KEY });
  const params = { id: person.id };

  const saveRoles = useMutation({
    mutationFn: (chosen: string[]) => request(rolesCall, { params, body: { roles: chosen } }),
    onMutate: () => setOutcome(undefined),
    onSuccess: (saved) =>
      setOutcome({
        ok: true,
        text: fill(texts.team.rolesSaved, { email: person.email, roles: roleNames(saved.roles) }),
      }),
    onError: failed,
    onSettled: refresh,
  });
  const reset = useMutation({
    mutationFn: () => request(resetCall, { params }),
    onMutate: () => setOutcome(undefined),
    onSuccess: () => setOutcome({ ok: true, text: fill(texts.team.resetDone, { email: person.email }) }),
    onError: failed,
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => request(revokeCall, { params }),
    onMutate: () => setOutcome(undefined),
    onSuccess: async () => {
      onRevoked(person.email);
      await refresh();
    },
    onError: failed,
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
      {own ? (
        <>
          <p>{fill(texts.team.ownRoles, { roles: roleNames(person.roles) })}</p>
          <p className="hint">{texts.team.ownCard}</p>
        </>
      ) : (
        <>
          <form className="form" onSubmit={submit}>
            <fieldset>
              <legend>{fill(texts.team.rolesLegend, { email: person.email })}</legend>
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
          <AskFirst
            label={texts.team.reset}
            question={fill(texts.team.resetConfirm, { email: person.email })}
            yes={texts.team.resetYes}
            no={texts.team.resetNo}
            pending={reset.isPending}
            onOpen={() => setOutcome(undefined)}
            onYes={(close) => reset.mutate(undefined, { onSettled: close })}
          />
        </>
      )}
      <AskFirst
        label={texts.team.revoke}
        question={fill(texts.team.revokeConfirm, { email: person.email })}
        yes={texts.team.revokeYes}
        no={texts.team.revokeNo}
        pending={revoke.isPending}
        onOpen={() => setOutcome(undefined)}
        onYes={(close) => revoke.mutate(undefined, { onError: close })}
      />
      <LiveStatus message={outcome?.ok ? outcome.text : undefined} />
      <LiveAlert message={outcome && !outcome.ok ? outcome.text : undefined} />
    </li>
  );
}
