import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { reserveCall } from '#shared/panel-api/review-calls.ts';
import { request } from '../../lib/api';
import type { ReservePromoted } from '../../lib/api-types';
import { fill, texts } from '../../lib/texts';

/**
 * 'Przekaż rezerwowemu' (approver): the lost prize of a claim goes to the next reserve, behind a
 * confirmation in place (as revoking a person: the focus on 'Anuluj'); it cannot be undone. The page says
 * what came of it in its own live regions and refreshes what showed the claim: the button goes with it.
 */
export function ReserveButton({
  claimId,
  code,
  onDone,
  onFailed,
}: {
  claimId: string;
  code: string;
  onDone: (promoted: ReservePromoted) => Promise<unknown>;
  onFailed: (error: unknown) => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closeConfirmation = () => {
    setConfirming(false);
    // The confirmation's buttons go away: the focus goes back to the button that opened it.
    requestAnimationFrame(() => button.current?.focus());
  };
  const promote = useMutation({
    mutationFn: () => request(reserveCall, { params: { id: claimId } }),
    onSuccess: (promoted) => {
      setConfirming(false);
      return onDone(promoted);
    },
    onError: (error) => {
      closeConfirmation();
      return onFailed(error);
    },
  });
  if (!confirming) {
    return (
      <button
        ref={button}
        type="button"
        className="button button--quiet"
        // The visible words first, then which prize (WCAG 2.5.3: the name holds the label).
        aria-label={fill(texts.reserve.label, { code })}
        onClick={() => setConfirming(true)}
      >
        {texts.reserve.button}
      </button>
    );
  }
  return (
    <div className="confirm">
      <p>{fill(texts.reserve.confirm, { code })}</p>
      <button
        type="button"
        className="button button--danger"
        aria-disabled={promote.isPending}
        onClick={() => {
          if (!promote.isPending) promote.mutate();
        }}
      >
        {texts.reserve.yes}
      </button>
      <button type="button" className="button button--quiet" autoFocus onClick={closeConfirmation}>
        {texts.reserve.no}
      </button>
    </div>
  );
}
