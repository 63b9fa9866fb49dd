import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addPasskeyCall,
  passkeyOptionsCall,
  passkeysCall,
  removePasskeyCall,
  sessionsCall,
} from '#shared/panel-api/session-calls.ts';
import { errorText, request } from '../../lib/api';
import type { Passkey } from '../../lib/api-types';
import { register, requestWithPasskeyCheck, requireWebAuthn } from '../../lib/passkey';
import { fill, texts } from '../../lib/texts';
import { formatInstant } from '../../lib/time';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { TableScroll } from '../../components/table-scroll';
import { nameOf } from './passkey-name';
import { SESSIONS_KEY, SessionsSection } from './sessions-section';

const PASSKEYS_KEY = ['passkeys'] as const;

/**
 * 'Usuń' asks first, below the table (a table's cell is too narrow on a phone), naming the key, the focus on
 * 'Anuluj' (as revoking a person).
 */
function RemoveConfirmation({
  name,
  current,
  busy,
  onYes,
  onNo,
}: {
  name: string;
  /** The key opened this very session, which ends with it. */
  current: boolean;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <div className="confirm passkeys__confirm">
      <p>{fill(current ? texts.passkeys.removeConfirmCurrent : texts.passkeys.removeConfirm, { name })}</p>
      <button
        type="button"
        className="button button--danger"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) onYes();
        }}
      >
        {texts.passkeys.removeYes}
      </button>
      <button type="button" className="button button--quiet" autoFocus onClick={onNo}>
        {texts.passkeys.removeNo}
      </button>
    </div>
  );
}

/**
 * /panel/klucze: one's own passkeys; one more can be added, and any but the last removed, each after a
 * passkey check when the last is older than 5 minutes (docs/decisions/staff.md#passkey-check). Below, one's
 * sessions.
 */
export function PasskeysPage() {
  const client = useQueryClient();
  const nameId = useId();
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => request(passkeysCall) });
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => request(sessionsCall) });
  const thisSessionsKey = sessions.data?.find((session) => session.current)?.passkey?.id;
  // The server asked for a passkey first: the person is told why a passkey dialog opens.
  const [checking, setChecking] = useState(false);
  const check = () => setChecking(true);
  const [name, setName] = useState('');
  // One line says what the last action did, or why it did not.
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const failed = (error: unknown) => setOutcome({ ok: false, text: errorText(error) });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: PASSKEYS_KEY }),
      client.invalidateQueries({ queryKey: SESSIONS_KEY }),
    ]);
  const addButton = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState<Passkey>();
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const closeConfirmation = (passkey: Passkey) => {
    setConfirming(undefined);
    // The question's buttons go away: the focus goes back to the button that opened it.
    requestAnimationFrame(() => removeButtons.current.get(passkey.id)?.focus());
  };

  const add = useMutation({
    mutationFn: async () => {
      requireWebAuthn();
      const options = await requestWithPasskeyCheck(passkeyOptionsCall, check);
      setChecking(false);
      const response = await register(options);
      return requestWithPasskeyCheck(addPasskeyCall, check, { body: { response, name } });
    },
    onMutate: () => setOutcome(undefined),
    onSettled: () => setChecking(false),
    onSuccess: async (added) => {
      setName('');
      setOutcome({ ok: true, text: fill(texts.passkeys.added, { name: nameOf(added) }) });
      await refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (passkey: Passkey) =>
      requestWithPasskeyCheck(removePasskeyCall, check, { params: { id: passkey.id } }),
    onMutate: () => setOutcome(undefined),
    onSettled: () => setChecking(false),
    onSuccess: async (_, passkey) => {
      setConfirming(undefined);
      setOutcome({ ok: true, text: fill(texts.passkeys.removed, { name: nameOf(passkey) }) });
      await refresh();
      // The removed key's row has gone with the focus in it.
      addButton.current?.focus();
    },
    onError: (error, passkey) => {
      closeConfirmation(passkey);
      failed(error);
    },
  });
  const busy = add.isPending || remove.isPending;

  return (
    <Page title={texts.passkeys.title}>
      <p>{texts.passkeys.intro}</p>
      <QueryState query={passkeys} />
      {passkeys.data && passkeys.data.length === 0 ? <p>{texts.passkeys.none}</p> : null}
      {passkeys.data && passkeys.data.length > 0 ? (
        <TableScroll label={texts.passkeys.caption}>
          <table>
            <caption>{texts.passkeys.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.passkeys.columns.name}</th>
                <th scope="col">{texts.passkeys.columns.createdAt}</th>
                <th scope="col">{texts.passkeys.columns.lastUsedAt}</th>
                <th scope="col">{texts.passkeys.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {passkeys.data.map((passkey) => (
                <tr key={passkey.id}>
                  <td>{nameOf(passkey)}</td>
                  <td>{formatInstant(passkey.createdAt)}</td>
                  <td>{passkey.lastUsedAt ? formatInstant(passkey.lastUsedAt) : texts.passkeys.neverUsed}</td>
                  <td>
                    <button
                      ref={(button) => {
                        if (button) removeButtons.current.set(passkey.id, button);
                        else removeButtons.current.delete(passkey.id);
                      }}
                      type="button"
                      className="button button--quiet button--danger"
                      // The visible word first, then which key (WCAG 2.5.3: the name holds the label).
                      aria-label={fill(texts.passkeys.removeLabel, { name: nameOf(passkey) })}
                      aria-disabled={busy}
                      aria-expanded={confirming?.id === passkey.id}
                      onClick={() => {
                        if (!busy) setConfirming(passkey);
                      }}
                    >
                      {texts.passkeys.remove}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {confirming ? (
        <RemoveConfirmation
          key={confirming.id}
          name={nameOf(confirming)}
          current={confirming.id === thisSessionsKey}
          busy={busy}
          onYes={() => remove.mutate(confirming)}
          onNo={() => closeConfirmation(confirming)}
        />
      ) : null}
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) add.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={nameId}>{texts.passkeys.name}</label>
          <input
            id={nameId}
            type="text"
            autoComplete="off"
            maxLength={60}
            aria-describedby={`${nameId}-hint`}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <p id={`${nameId}-hint`} className="hint">
            {texts.passkeys.nameHint}
          </p>
        </div>
        <button ref={addButton} type="submit" className="button" aria-disabled={busy}>
          {texts.passkeys.add}
        </button>
      </form>
      <LiveStatus
        message={
          checking
            ? texts.passkeys.checking
            : add.isPending
              ? texts.passkey.waiting
              : outcome?.ok
                ? outcome.text
                : undefined
        }
      />
      <LiveAlert message={outcome && !outcome.ok ? outcome.text : undefined} />
      <SessionsSection sessions={sessions} />
    </Page>
  );
}
