import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { call, errorText, PanelApiError } from '../lib/api';
import type { NextStatement } from '../lib/api-types';
import { useKeyShortcut } from '../lib/keyboard';
import { texts } from '../lib/texts';
import { LiveAlert, LiveStatus } from '../components/live-region';
import { statementPath, type FromQueue } from './review-shared';

type Said = { ok: boolean; text: string } | undefined;

/**
 * 'Weź następne' (reviewer): the oldest statement nobody holds, of `tier`, becomes the caller's and opens;
 * the statement's heading takes the focus (page.tsx). The key N does the same anywhere on the page but in a
 * field (docs/decisions/panel-page.md#keyboard). None left (404) is said as the server says it.
 */
export function TakeNext({ tier, queue }: { tier: string; queue: string | undefined }) {
  const navigate = useNavigate();
  const [said, setSaid] = useState<Said>();
  const next = useMutation({
    mutationFn: () => call<NextStatement>('/review/next', { method: 'POST', body: { tier } }),
    onMutate: () => setSaid(undefined),
    onSuccess: ({ id }) => {
      const state: FromQueue = { queue };
      void navigate(statementPath(id), { state });
    },
    onError: (error) =>
      setSaid({
        ok: error instanceof PanelApiError && error.status === 404,
        text: errorText(error),
      }),
  });
  const take = () => {
    if (!next.isPending) next.mutate();
  };
  useKeyShortcut(texts.review.takeNextKey, take);
  return (
    <div className="take-next">
      <button
        type="button"
        className="button"
        aria-keyshortcuts={texts.review.takeNextKey}
        aria-disabled={next.isPending}
        onClick={take}
      >
        {texts.review.takeNext}
      </button>
      <p className="hint">
        {texts.review.takeNextHint} <kbd>{texts.review.takeNextKey.toUpperCase()}</kbd>
      </p>
      <LiveStatus message={said?.ok ? said.text : undefined} />
      <LiveAlert message={said && !said.ok ? said.text : undefined} />
    </div>
  );
}
