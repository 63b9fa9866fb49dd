import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatIsoDate, formatPolishDate, warsawCalendarDate } from '#shared/warsaw-time.ts';
import { call, errorText } from '../lib/api';
import type { CreationOptions, Passkey } from '../lib/api-types';
import { register, requireWebAuthn } from '../lib/passkey';
import { fill, texts } from '../lib/texts';
import { formatInstant } from '../lib/time';
import { LiveAlert, LiveStatus } from '../components/live-region';
import { Page } from '../components/page';
import { QueryState } from '../components/query-state';
import { TableScroll } from '../components/table-scroll';

const PASSKEYS_KEY = ['passkeys'] as const;

/** docs/decisions/staff.md#passkey-names: a passkey's name; one made before names by the day it was added. */
function nameOf(passkey: Passkey): string {
  if (passkey.name) return passkey.name;
  const day = formatIsoDate(warsawCalendarDate(Date.parse(passkey.createdAt)));
  return fill(texts.passkeys.unnamed, { date: formatPolishDate(day) });
}

/** One passkey; 'Usuń' asks first, in place, the focus on 'Anuluj' (as revoking a person). */
function PasskeyRow({
  passkey,
  busy,
  onRemove,
}: {
  passkey: Passkey;
  busy: boolean;
  /** Settles when the removal did (the row then goes) or failed (the question closes). */
  onRemove: (passkey: Passkey) => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setConfirming(false);
    // The question's buttons go away: the focus goes back to the button that opened it.
    requestAnimationFrame(() => removeButton.current?.focus());
  };
  const name = nameOf(passkey);
  return (
    <tr>
      <td>{name}</td>
      <td>{formatInstant(passkey.createdAt)}</td>
      <td>{passkey.lastUsedAt ? formatInstant(passkey.lastUsedAt) : texts.passkeys.neverUsed}</td>
      <td>
        {confirming ? (
          <div className="confirm">
            <p>{fill(texts.passkeys.removeConfirm, { name })}</p>
            <button
              type="button"
              className="button button--danger"
              aria-disabled={busy}
              onClick={() => {
                if (!busy) onRemove(passkey).catch(close);
              }}
            >
              {texts.passkeys.removeYes}
            </button>
            <button type="button" className="button button--quiet" autoFocus onClick={close}>
              {texts.passkeys.removeNo}
            </button>
          </div>
        ) : (
          <button
            ref={removeButton}
            type="button"
            className="button button--quiet button--danger"
            // The visible word first, then which key (WCAG 2.5.3: the name holds the label).
            aria-label={fill(texts.passkeys.removeLabel, { name })}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) setConfirming(true);
            }}
          >
            {texts.passkeys.remove}
          </button>
        )}
      </td>
    </tr>
  );
}

/** /panel/klucze: one's own passkeys; one more can be added, and any but the last removed. */
export function PasskeysPage() {
  const client = useQueryClient();
  const nameId = useId();
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => call<Passkey[]>('/passkeys') });
  const [name, setName] = useState('');
  // One line says what the last action did, or why it did not.
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const failed = (error: unknown) => setOutcome({ ok: false, text: errorText(error) });
  const refresh = () => client.invalidateQueries({ queryKey: PASSKEYS_KEY });
  const addButton = useRef<HTMLButtonElement>(null);

  const add = useMutation({
    mutationFn: async () => {
      requireWebAuthn();
      const options = await call<CreationOptions>('/passkeys/options', { method: 'POST', body: {} });
      const response = await register(options);
      return call<Passkey>('/passkeys', { method: 'POST', body: { response, name } });
    },
    onMutate: () => setOutcome(undefined),
    onSuccess: async (added) => {
      setName('');
      setOutcome({ ok: true, text: fill(texts.passkeys.added, { name: nameOf(added) }) });
      await refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (passkey: Passkey) =>
      call<void>(`/passkeys/${encodeURIComponent(passkey.id)}`, { method: 'DELETE', body: {} }),
    onMutate: () => setOutcome(undefined),
    onSuccess: async (_, passkey) => {
      setOutcome({ ok: true, text: fill(texts.passkeys.removed, { name: nameOf(passkey) }) });
      await refresh();
      // The removed key's row has gone with the focus in it.
      addButton.current?.focus();
    },
    onError: failed,
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
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  busy={busy}
                  onRemove={(chosen) => remove.mutateAsync(chosen)}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
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
      <LiveStatus message={add.isPending ? texts.passkey.waiting : outcome?.ok ? outcome.text : undefined} />
      <LiveAlert message={outcome && !outcome.ok ? outcome.text : undefined} />
    </Page>
  );
}
