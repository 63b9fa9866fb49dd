import { useId, useRef, useState, type FormEvent } from 'react';
import reviewTexts from '#content/review.json';
import { texts } from '../../lib/texts';

/** As the server takes it (docs/api.md#staff-panel). */
const NOTE_MAX = 200;

/** Why the person looks: a key of review.json's `revealReasons`, and an optional note. */
export interface Need {
  reason: string;
  note?: string;
}

/**
 * The question before a masked number or the coupon photo is shown (docs/decisions/review.md#unmasking): the
 * need, chosen from the list, and a short note. Both go to the audit trail with the look.
 */
export function LookReason({
  label,
  submit,
  busy = false,
  problem,
  onProblem,
  onLook,
  onCancel,
}: {
  /** Names the form: what will be shown. */
  label: string;
  submit: string;
  busy?: boolean;
  /** What went wrong, said by the caller's live region; the list is marked invalid when it is its fault. */
  problem: string | undefined;
  onProblem: (problem: string) => void;
  onLook: (need: Need) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const list = useRef<HTMLSelectElement>(null);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (reason === '') {
      onProblem(texts.statement.revealReasonInvalid);
      list.current?.focus();
      return;
    }
    const noted = note.trim();
    onLook(noted === '' ? { reason } : { reason, note: noted });
  };

  return (
    <form className="reveal" noValidate aria-label={label} onSubmit={send}>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{texts.statement.revealReason}</label>
        <select
          ref={list}
          id={`${id}-reason`}
          autoFocus
          required
          aria-invalid={problem === texts.statement.revealReasonInvalid ? true : undefined}
          aria-describedby={`${id}-hint`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        >
          <option value="">{texts.statement.revealChoose}</option>
          {reviewTexts.revealReasons.map((need) => (
            <option key={need.key} value={need.key}>
              {need.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{texts.statement.revealNote}</label>
        <input
          id={`${id}-note`}
          type="text"
          autoComplete="off"
          maxLength={NOTE_MAX}
          aria-describedby={`${id}-hint`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <p id={`${id}-hint`} className="hint">
        {texts.statement.revealReasonHint}
      </p>
      <div className="form__actions">
        <button type="submit" className="button" aria-disabled={busy}>
          {submit}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          {texts.statement.revealCancel}
        </button>
      </div>
    </form>
  );
}
