import { Fragment, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { revealCall } from '#shared/panel-api/review-calls.ts';
import { errorText, request } from '../../lib/api';
import type { StatementField } from '../../lib/api-types';
import { fill, texts } from '../../lib/texts';
import { LiveAlert, LiveStatus } from '../../components/live-region';
import { LookReason, type Need } from './look-reason';

/**
 * A masked field (PESEL, identity card, passport, IBAN): its last characters, and 'Pokaż', which asks why
 * (the need and its note go to the audit trail with the reveal) and then shows the value. The value lives in
 * this component only: leaving the statement forgets it, and each reveal asks the server again.
 */
function MaskedValue({ statementId, field }: { statementId: string; field: StatementField }) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [value, setValue] = useState<string>();
  const showButton = useRef<HTMLButtonElement>(null);
  const hideButton = useRef<HTMLButtonElement>(null);
  // A button that opened or closed something goes away: the focus goes to the one that takes its place.
  const focusLater = (button: { current: HTMLButtonElement | null }) =>
    requestAnimationFrame(() => button.current?.focus());
  const reveal = useMutation({
    mutationFn: (need: Need) =>
      request(revealCall, { params: { id: statementId }, body: { field: field.name, ...need } }),
    onMutate: () => setProblem(undefined),
    onSuccess: (revealed) => {
      setValue(revealed.value);
      setAsking(false);
      focusLater(hideButton);
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const cancel = () => {
    setAsking(false);
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
        <LookReason
          label={fill(texts.statement.revealLabel, { label })}
          submit={texts.statement.revealSubmit}
          busy={reveal.isPending}
          problem={problem}
          onProblem={setProblem}
          onLook={(need) => reveal.mutate(need)}
          onCancel={cancel}
        />
      ) : null}
      <LiveStatus message={value !== undefined ? fill(texts.statement.revealed, { label }) : undefined} />
      <LiveAlert message={problem} />
    </>
  );
}

/**
 * The statement's fields in their order, as the server shows them; masked ones can be revealed by whoever
 * acts on the statement now (its `reveal` action), and stay masked for anyone else, who is told why.
 */
export function StatementFields({
  statementId,
  fields,
  canReveal,
}: {
  statementId: string;
  fields: StatementField[];
  canReveal: boolean;
}) {
  return (
    <>
      <dl className="facts statement-fields">
        {fields.map((field) => (
          <Fragment key={field.name}>
            <dt>{field.label}</dt>
            <dd>
              {field.masked && canReveal ? (
                <MaskedValue statementId={statementId} field={field} />
              ) : (
                field.value
              )}
            </dd>
          </Fragment>
        ))}
      </dl>
      {!canReveal && fields.some((field) => field.masked) ? (
        <p className="hint">{texts.statement.revealNotYours}</p>
      ) : null}
    </>
  );
}
