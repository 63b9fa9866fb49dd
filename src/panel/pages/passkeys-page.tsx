import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** /panel/klucze: one's own passkeys; one more can be added, and any but the last removed. */
export function PasskeysPage() {
  const client = useQueryClient();
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => call<Passkey[]>('/passkeys') });
  // One line says what the last action did, or why it did not.
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const failed = (error: unknown) => setOutcome({ ok: false, text: errorText(error) });
  const refresh = () => client.invalidateQueries({ queryKey: PASSKEYS_KEY });

  const add = useMutation({
    mutationFn: async () => {
      requireWebAuthn();
      const options = await call<CreationOptions>('/passkeys/options', { method: 'POST', body: {} });
      const response = await register(options);
      return call<Passkey>('/passkeys', { method: 'POST', body: { response } });
    },
    onMutate: () => setOutcome(undefined),
    onSuccess: async () => {
      setOutcome({ ok: true, text: texts.passkeys.added });
      await refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      call<void>(`/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE', body: {} }),
    onMutate: () => setOutcome(undefined),
    onSuccess: async () => {
      setOutcome({ ok: true, text: texts.passkeys.removed });
      await refresh();
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
                <th scope="col">{texts.passkeys.columns.createdAt}</th>
                <th scope="col">{texts.passkeys.columns.lastUsedAt}</th>
                <th scope="col">{texts.passkeys.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {passkeys.data.map((passkey) => (
                <tr key={passkey.id}>
                  <td>{formatInstant(passkey.createdAt)}</td>
                  <td>{passkey.lastUsedAt ? formatInstant(passkey.lastUsedAt) : texts.passkeys.neverUsed}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--quiet button--danger"
                      // The visible word first, then which key (WCAG 2.5.3: the name holds the label).
                      aria-label={fill(texts.passkeys.removeLabel, {
                        createdAt: formatInstant(passkey.createdAt),
                      })}
                      aria-disabled={busy}
                      onClick={() => {
                        if (!busy) remove.mutate(passkey.id);
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
      <button
        type="button"
        className="button"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) add.mutate();
        }}
      >
        {texts.passkeys.add}
      </button>
      <LiveStatus message={add.isPending ? texts.passkey.waiting : outcome?.ok ? outcome.text : undefined} />
      <LiveAlert message={outcome && !outcome.ok ? outcome.text : undefined} />
    </Page>
  );
}
