import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { nextCall } from '#shared/panel-api/review-calls.ts';
import { errorText, PanelApiError, request } from '../../lib/api';
import type { QueueCounts } from '../../lib/api-types';
import { useKeyShortcut } from './keyboard';
import { fill, texts, tierName } from '../../lib/texts';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { statementPath, type FromQueue } from './review-shared';

type Said = { ok: boolean; text: string } | undefined;

/**
 * 'Weź następne' (reviewer): the oldest statement nobody holds, of `tier` or of any tier when it is '',
 * becomes the caller's and opens; beside it, where it will look and how many wait there (`counts`);
 * the statement's heading takes the focus (page.tsx). The key N does the same anywhere on the page but in a
 * field (docs/decisions/panel-page.md#keyboard). None left (404) is said as the server says it.
 */
export function TakeNext({
  tier,
  counts,
  queue,
}: {
  tier: string;
  /** Every tier's counts, to say how many wait; none on a statement's page. */
  counts?: QueueCounts[];
  queue: string | undefined;
}) {
  const navigate = useNavigate();
  const [said, setSaid] = useState<Said>();
  const next = useMutation({
    mutationFn: () => request(nextCall, { body: tier === '' ? {} : { tier } }),
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
  const waiting = counts
    ?.filter((line) => tier === '' || line.tier === tier)
    .reduce((sum, line) => sum + line.received, 0);
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
      {waiting === undefined ? null : (
        <p className="hint take-next__where">
          {tier === ''
            ? fill(texts.review.takeNextAll, { count: waiting })
            : fill(texts.review.takeNextTier, { tier: tierName(tier), count: waiting })}
        </p>
      )}
      <LiveStatus message={said?.ok ? said.text : undefined} />
      <LiveAlert message={said && !said.ok ? said.text : undefined} />
    </div>
  );
}
