import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Modal } from '../../components/modal';
import { apiUrl } from '../../lib/api';
import './optout.css';
import { texts } from '#shared/content/texts.ts';

type Status = 'idle' | 'pending' | 'done' | 'failed';

export async function requestResignation(hash: string): Promise<boolean> {
  try {
    const response = await fetch(apiUrl(`resignation?hash=${encodeURIComponent(hash)}`));
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * spec §2: `?action=…` opens the offer to stop promotional-code e-mails. `action` and `hash` stay in the
 * address bar while the offer is open, so a reload brings it back; they are taken out (the hash does not
 * linger in history, bookmarks or shared links) once the resignation succeeded or the visitor closed the
 * offer, which is declining it.
 */
export function OptOutModal({ onClosed }: { onClosed?: () => void }) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(() => params.has('action'));
  const [hash] = useState(() => params.get('hash'));
  const [status, setStatus] = useState<Status>('idle');
  const resultRef = useRef<HTMLParagraphElement>(null);

  const forgetLink = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('hash');
        next.delete('action');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const resign = async () => {
    // spec §2: without a hash the button does nothing; it is disabled while the request runs.
    if (!hash || status === 'pending') return;
    setStatus('pending');
    const ok = await requestResignation(hash);
    setStatus(ok ? 'done' : 'failed');
    if (!ok) return;
    forgetLink();
    // The button is disabled for good after a success: keep focus inside the dialog, on the answer.
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  const close = () => {
    setOpen(false);
    forgetLink();
    onClosed?.();
  };

  // docs/decisions/landing.md#opt-out-modal: once answered, the modal no longer asks the question above a
  // greyed button: it says the request was taken and offers to close.
  const done = status === 'done';
  return (
    <Modal
      open={open}
      title={done ? texts.optOut.doneTitle : texts.optOut.question}
      onClose={close}
      closeOnOutsideClick={false}
    >
      {!done && (
        <button
          type="button"
          className="button"
          onClick={() => void resign()}
          disabled={status === 'pending'}
          aria-busy={status === 'pending'}
        >
          {texts.optOut.button}
        </button>
      )}
      <p ref={resultRef} tabIndex={-1} className="optout__result" role="status" aria-live="polite">
        {done && texts.optOut.success}
        {status === 'failed' && <span className="optout__error">{texts.optOut.failure}</span>}
      </p>
      {done && (
        <button type="button" className="button" onClick={close}>
          {texts.optOut.backToPage}
        </button>
      )}
    </Modal>
  );
}
