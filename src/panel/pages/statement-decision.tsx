import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorText } from '../lib/api';
import type {
  Outcome,
  RejectReason,
  ReservePromoted,
  ReviewStatement,
  StatementAction,
} from '../lib/api-types';
import { useSecondsLeft } from '../lib/clock';
import { fill, reviewStateName, texts } from '../lib/texts';
import { formatInstant } from '../lib/time';
import { LiveAlert, LiveStatus } from '../components/live-region';
import { ReserveButton } from './reserve-button';
import { REVIEW_QUEUE_KEY, statementKey } from './review-shared';

const NOTE_MAX = 2000;

/** One of the calls that answer the statement as it now is. */
type Act =
  | { call: 'take' }
  | { call: 'decision'; outcome: Outcome; reason?: string; note?: string }
  | { call: 'approval'; outcome: 'confirm' | 'send-back'; note?: string }
  | { call: 'undo' }
  | { call: 'give-back' }
  | { call: 'release' };

const bodyOf = (act: Act) => {
  const { call: _call, ...body } = act;
  return body;
};

/** What an action did, said from the statement it answered. */
function resultText(act: Act, statement: ReviewStatement): string {
  const results = texts.statement.results;
  if (act.call === 'take') return results.taken;
  if (act.call === 'undo') return results.undone;
  if (act.call === 'give-back') return results.givenBack;
  if (act.call === 'release') return results.released;
  if (statement.state === 'awaiting-approval') return results.awaitingApproval;
  if (statement.state === 'accepted') return results.accepted;
  if (statement.state === 'rejected') return results.rejected;
  if (statement.state === 'in-review') return results.sentBack;
  return reviewStateName(statement.state);
}

function NoteField({ value, onChange }: { value: string; onChange: (note: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{texts.statement.note}</label>
      <textarea
        id={id}
        rows={3}
        maxLength={NOTE_MAX}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="hint">
        {texts.statement.noteHint}
      </p>
    </div>
  );
}

/**
 * 'Odrzuć': the reason is required, and its sentence is shown as what the winner will read; the note stays
 * in the panel.
 */
function RejectForm({
  reasons,
  busy,
  onReject,
  onCancel,
}: {
  reasons: RejectReason[];
  busy: boolean;
  onReject: (reason: string, note: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const select = useRef<HTMLSelectElement>(null);
  const chosen = reasons.find((candidate) => candidate.key === reason);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!chosen) {
      setProblem(texts.statement.reasonRequired);
      select.current?.focus();
      return;
    }
    onReject(chosen.key, note);
  };
  return (
    <form className="form form--stacked" noValidate onSubmit={submit}>
      <fieldset>
        <legend>{texts.statement.rejectLegend}</legend>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{texts.statement.reason}</label>
          <select
            ref={select}
            id={`${id}-reason`}
            autoFocus
            required
            aria-invalid={problem && !chosen ? true : undefined}
            aria-describedby={`${id}-sentence`}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setProblem(undefined);
            }}
          >
            <option value="">{texts.statement.chooseReason}</option>
            {reasons.map((candidate) => (
              <option key={candidate.key} value={candidate.key}>
                {candidate.label}
              </option>
            ))}
          </select>
        </div>
        <div id={`${id}-sentence`} className="winner-reads" aria-live="polite">
          {chosen ? (
            <>
              <p className="winner-reads__label">{texts.statement.winnerWillRead}</p>
              <blockquote>{chosen.sentence}</blockquote>
            </>
          ) : null}
        </div>
        <NoteField value={note} onChange={setNote} />
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button button--danger" aria-disabled={busy}>
          {texts.statement.rejectSubmit}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          {texts.statement.rejectCancel}
        </button>
      </div>
      <LiveAlert message={problem} />
    </form>
  );
}

/**
 * 'Cofnij' while the undo window lasts, with the seconds left; then the button goes and the page says the
 * time passed. Keyed by `until` (the clock was read for it). A focus on the button that goes is handed on.
 */
function Undo({
  until,
  busy,
  onUndo,
  onEnded,
}: {
  until: string;
  busy: boolean;
  onUndo: () => void;
  onEnded: () => void;
}) {
  const id = useId();
  const seconds = useSecondsLeft(until);
  const focused = useRef(false);
  const ended = useEffectEvent(() => {
    if (!focused.current) return;
    focused.current = false;
    onEnded();
  });
  useEffect(() => {
    if (seconds === 0) ended();
  }, [seconds]);
  if (seconds === 0) return <p>{texts.statement.undoEnded}</p>;
  return (
    <div className="undo">
      <button
        type="button"
        className="button button--quiet"
        aria-describedby={id}
        aria-disabled={busy}
        onFocus={() => (focused.current = true)}
        onBlur={() => (focused.current = false)}
        onClick={() => {
          if (!busy) onUndo();
        }}
      >
        {texts.statement.undo}
      </button>
      <p id={id} className="hint">
        {fill(texts.statement.undoLeft, { seconds })}
      </p>
    </div>
  );
}

/** Who can act when the person cannot (docs/decisions/review.md#release). */
function whoActs(statement: ReviewStatement): string {
  return fill(texts.statement.whoActs[statement.state], { email: statement.reviewer?.email ?? texts.empty });
}

/** A decision the approver sent back, with their note: what the reviewer has to look at again. */
function SentBack({ statement }: { statement: ReviewStatement }) {
  const { approval } = statement;
  if (statement.state !== 'in-review' || approval?.outcome !== 'send-back') return null;
  return (
    <div className="notice">
      <p>
        <strong>{texts.statement.sentBackHeading}</strong>{' '}
        {fill(texts.statement.sentBackBy, { by: approval.by, at: formatInstant(approval.at) })}
      </p>
      {approval.note ? <p>{fill(texts.statement.sentBackNote, { note: approval.note })}</p> : null}
    </div>
  );
}

/**
 * What the person may do with the statement now (its `actions`), and what came of it. Each call answers the
 * statement, which the page then shows; a refusal (409: someone was faster, 403) is said and the statement
 * asked for again. After an action the focus goes to this area's heading (`heading`): the button pressed
 * has often gone. docs/decisions/panel-page.md#review-pages
 */
export function StatementDecision({
  statement,
  heading,
}: {
  statement: ReviewStatement;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const client = useQueryClient();
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const [rejecting, setRejecting] = useState(false);
  const [approvalNote, setApprovalNote] = useState('');
  const rejectButton = useRef<HTMLButtonElement>(null);
  const focusHeading = () => heading.current?.focus();
  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: statementKey(statement.id) }),
      client.invalidateQueries({ queryKey: REVIEW_QUEUE_KEY }),
    ]);
  const act = useMutation({
    mutationFn: (action: Act) =>
      call<ReviewStatement>(`/review/statements/${encodeURIComponent(statement.id)}/${action.call}`, {
        method: 'POST',
        body: bodyOf(action),
      }),
    onMutate: () => setSaid(undefined),
    onSuccess: (updated, action) => {
      client.setQueryData(statementKey(statement.id), updated);
      setSaid({ ok: true, text: resultText(action, updated) });
      setRejecting(false);
      setApprovalNote('');
      focusHeading();
      return client.invalidateQueries({ queryKey: REVIEW_QUEUE_KEY });
    },
    onError: (error) => {
      setSaid({ ok: false, text: errorText(error) });
      focusHeading();
      return reload();
    },
  });
  const run = (action: Act) => {
    if (!act.isPending) act.mutate(action);
  };
  const busy = act.isPending;
  const can = (action: StatementAction) => statement.actions.includes(action);
  const promoted = ({ reserve, code }: ReservePromoted) => {
    setSaid({ ok: true, text: fill(texts.reserve.done, { reserve, code }) });
    focusHeading();
    return reload();
  };
  const promoteFailed = (error: unknown) => {
    setSaid({ ok: false, text: errorText(error) });
    return reload();
  };
  const optional = (note: string) => (note.trim() === '' ? {} : { note: note.trim() });

  return (
    <>
      <LiveStatus message={said?.ok ? said.text : undefined} />
      <LiveAlert message={said && !said.ok ? said.text : undefined} />
      <SentBack statement={statement} />
      {statement.actions.length === 0 ? <p>{whoActs(statement)}</p> : null}
      {can('take') ? (
        <div className="form__actions">
          <button type="button" className="button" aria-disabled={busy} onClick={() => run({ call: 'take' })}>
            {texts.statement.take}
          </button>
        </div>
      ) : null}
      {can('decide') ? (
        <>
          <div className="form__actions">
            <button
              type="button"
              className="button"
              aria-disabled={busy}
              onClick={() => run({ call: 'decision', outcome: 'accept' })}
            >
              {texts.statement.accept}
            </button>
            <button
              ref={rejectButton}
              type="button"
              className="button button--quiet button--danger"
              aria-expanded={rejecting}
              onClick={() => setRejecting((open) => !open)}
            >
              {texts.statement.reject}
            </button>
          </div>
          {rejecting ? (
            <RejectForm
              reasons={statement.reasons}
              busy={busy}
              onReject={(reason, note) =>
                run({ call: 'decision', outcome: 'reject', reason, ...optional(note) })
              }
              onCancel={() => {
                setRejecting(false);
                requestAnimationFrame(() => rejectButton.current?.focus());
              }}
            />
          ) : null}
        </>
      ) : null}
      {can('give-back') ? (
        <div className="undo">
          <button
            type="button"
            className="button button--quiet"
            aria-disabled={busy}
            onClick={() => run({ call: 'give-back' })}
          >
            {texts.statement.giveBack}
          </button>
          <p className="hint">{texts.statement.giveBackHint}</p>
        </div>
      ) : null}
      {can('release') ? (
        <div className="undo">
          <button
            type="button"
            className="button button--quiet"
            aria-disabled={busy}
            onClick={() => run({ call: 'release' })}
          >
            {texts.statement.release}
          </button>
          <p className="hint">
            {fill(texts.statement.releaseHint, { email: statement.reviewer?.email ?? texts.empty })}
          </p>
        </div>
      ) : null}
      {can('approve') || can('send-back') ? (
        <div className="approval">
          <NoteField value={approvalNote} onChange={setApprovalNote} />
          <div className="form__actions">
            {can('approve') ? (
              <button
                type="button"
                className="button"
                aria-disabled={busy}
                onClick={() => run({ call: 'approval', outcome: 'confirm', ...optional(approvalNote) })}
              >
                {texts.statement.approve}
              </button>
            ) : null}
            {can('send-back') ? (
              <button
                type="button"
                className="button button--quiet"
                aria-disabled={busy}
                onClick={() => run({ call: 'approval', outcome: 'send-back', ...optional(approvalNote) })}
              >
                {texts.statement.sendBack}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      {can('undo') && statement.final ? (
        <Undo
          key={statement.final.undoUntil}
          until={statement.final.undoUntil}
          busy={busy}
          onUndo={() => run({ call: 'undo' })}
          onEnded={focusHeading}
        />
      ) : null}
      {can('pass-to-reserve') ? (
        <ReserveButton
          claimId={statement.claim.id}
          code={statement.code}
          onDone={promoted}
          onFailed={promoteFailed}
        />
      ) : null}
    </>
  );
}
