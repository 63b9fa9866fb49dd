import { Fragment, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { call, errorText } from '../lib/api';
import type { Revealed, StatementField } from '../lib/api-types';
import { fill, texts } from '../lib/texts';
import { LiveAlert, LiveStatus } from '../components/live-region';

const REASON_MIN = 3;
const REASON_MAX = 200;

/**
 * A masked field (PESEL, identity card, passport, IBAN): its last characters, and 'Pokaż', which asks why
 * (the reason goes to the audit trail with the reveal) and then shows the value. The value lives in this
 * component only: leaving the statement forgets it, and each reveal asks the server again.
 */
function MaskedValue({ statementId, field }: { statementId: string; field: StatementField }) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [value, setValue] = useState<string>();
  const showButton = useRef<HTMLButtonElement>(null);
  const hideButton = useRef<HTMLButtonElement>(null);
  const reasonInput = useRef<HTMLInputElement>(null);
  // A button that opened or closed something goes away: the focus goes to the one that takes its place.
  const focusLater = (button: { current: HTMLButtonElement | null }) =>
    requestAnimationFrame(() => button.current?.focus());
  const reveal = useMutation({
    mutationFn: (why: string) =>
      call<Revealed>(`/review/statements/${encodeURIComponent(statementId)}/reveal`, {
        method: 'POST',
        body: { field: field.name, reason: why },
      }),
    onMutate: () => setProblem(undefined),
    onSuccess: (revealed) => {
      setValue(revealed.value);
      setAsking(false);
      setReason('');
      focusLater(hideButton);
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reveal.isPending) return;
    const why = reason.trim();
    if (why.length < REASON_MIN || why.length > REASON_MAX) {
      setProblem(texts.statement.revealReasonInvalid);
      reasonInput.current?.focus();
      return;
    }
    reveal.mutate(why);
  };
  const cancel = () => {
    setAsking(false);
    setReason('');
    setProblem(undefined);
    focusLater(showButton);
  };
  const hide = () => {
    setValue(undefined);
    reveal.reset();
    focusLater(showButton);
  };
  const label = field.label;

  return (
    <>
      {value !== undefined ? (
        <span className="masked masked--shown">
          <span className="masked__value">{value}</span>
          <button
            ref={hideButton}
            type="button"
            className="button button--quiet button--small"
            aria-label={fill(texts.statement.hideLabel, { label })}
            onClick={hide}
          >
            {texts.statement.hide}
          </button>
        </span>
      ) : (
        <span className="masked">
          <span className="masked__value">{field.value}</span>
          {asking ? null : (
            <button
              ref={showButton}
              type="button"
              className="button button--quiet button--small"
              // The visible word first, then which field (WCAG 2.5.3: the name holds the label).
              aria-label={fill(texts.statement.revealLabel, { label })}
              onClick={() => {
                setProblem(undefined);
                setAsking(true);
              }}
            >
              {texts.statement.reveal}
            </button>
          )}
        </span>
      )}
      {asking ? (
        <form
          className="reveal"
          noValidate
          aria-label={fill(texts.statement.revealLabel, { label })}
          onSubmit={submit}
        >
          <div className="field">
            <label htmlFor={`${id}-reason`}>{texts.statement.revealReason}</label>
            <input
              ref={reasonInput}
              id={`${id}-reason`}
              type="text"
              autoComplete="off"
              autoFocus
              required
              minLength={REASON_MIN}
              maxLength={REASON_MAX}
              aria-invalid={problem === texts.statement.revealReasonInvalid ? true : undefined}
              aria-describedby={`${id}-hint`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <p id={`${id}-hint`} className="hint">
              {texts.statement.revealReasonHint}
            </p>
          </div>
          <div className="form__actions">
            <button type="submit" className="button" aria-disabled={reveal.isPending}>
              {texts.statement.revealSubmit}
            </button>
            <button type="button" className="button button--quiet" onClick={cancel}>
              {texts.statement.revealCancel}
            </button>
          </div>
        </form>
      ) : null}
      <LiveStatus message={value !== undefined ? fill(texts.statement.revealed, { label }) : undefined} />
      <LiveAlert message={problem} />
    </>
  );
}

/** The statement's fields in their order, as the server shows them; masked ones can be revealed. */
export function StatementFields({ statementId, fields }: { statementId: string; fields: StatementField[] }) {
  return (
    <dl className="facts statement-fields">
      {fields.map((field) => (
        <Fragment key={field.name}>
          <dt>{field.label}</dt>
          <dd>{field.masked ? <MaskedValue statementId={statementId} field={field} /> : field.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
