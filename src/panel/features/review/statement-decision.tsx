import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  approvalCall,
  decisionCall,
  giveBackCall,
  releaseCall,
  takeCall,
  undoCall,
} from '#shared/panel-api/review-calls.ts';
import { errorText, request } from '../../lib/api';
import type {
  Outcome,
  RejectReason,
  ReservePromoted,
  ReviewStatement,
  StatementAction,
} from '../../lib/api-types';
import { secondsLeft, useSecondsLeft } from './clock';
import { readDraft, writeDraft, type DecisionDraft } from '../../lib/drafts';
import { polishCount } from '#shared/polish-count.ts';
import { fill, reviewStateName, texts } from '../../lib/texts';
import { formatInstant } from '../../lib/time';
import { LiveAlert, LiveStatus } from '../../components/live-region';
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

/** The declared call each act is. */
const ACT_CALLS = {
  take: takeCall,
  decision: decisionCall,
  approval: approvalCall,
  undo: undoCall,
  'give-back': giveBackCall,
  release: releaseCall,
} as const;

const bodyOf = (act: Act) => {
  const { call: _call, ...body } = act;
  return body;
};

/** "20 sekund", "2 minuty": how long an undo window lasts, in the words of "Przez … możesz jeszcze cofnąć". */
function windowLength(seconds: number): string {
  const { minutes, seconds: secondWords } = texts.statement.undoUnits;
  return seconds >= 60 && seconds % 60 === 0
    ? polishCount(seconds / 60, minutes.one, minutes.few, minutes.many)
    : polishCount(seconds, secondWords.one, secondWords.few, secondWords.many);
}

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
  reason,
  note,
  onChange,
  onReject,
  onCancel,
}: {
  reasons: RejectReason[];
  busy: boolean;
  reason: string;
  note: string;
  onChange: (draft: { reason?: string; note?: string }) => void;
  onReject: (reason: string, note: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
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
              onChange({ reason: event.target.value });
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
        <NoteField value={note} onChange={(changed) => onChange({ note: changed })} />
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

/** 'Oddaj do kolejki' or 'Zwolnij oświadczenie': a statement held back to the queue, with what it means. */
function HeldAction({
  label,
  hint,
  busy,
  onClick,
}: {
  label: string;
  hint: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <div className="undo">
      <button
        type="button"
        className="button button--quiet"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) onClick();
        }}
      >
        {label}
      </button>
      <p className="hint">{hint}</p>
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
 * Counts down to the end of a final decision's undo window, whoever looks (not only who may undo), and says
 * when it ends: what the person may do changes then ('Przekaż rezerwowemu'). Keyed by `until`.
 */
function WindowEnd({ until, onEnded }: { until: string; onEnded: () => void }) {
  const open = useSecondsLeft(until) > 0;
  const wasOpen = useRef(open);
  const ended = useEffectEvent(onEnded);
  useEffect(() => {
    if (wasOpen.current && !open) ended();
    wasOpen.current = open;
  }, [open]);
  return null;
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
  // `undo`: the sentence on the undo window, said with the result while the window lasts.
  const [said, setSaid] = useState<{ ok: boolean; text: string; undo?: string }>();
  // docs/decisions/panel-page.md#drafts: what the person began here outlives a reload and a login.
  const [draft, setDraft] = useState<DecisionDraft>(() => readDraft(statement.id));
  const editDraft = (changes: DecisionDraft) => setDraft((current) => ({ ...current, ...changes }));
  const rejecting = draft.rejecting === true;
  const approvalNote = draft.approvalNote ?? '';
  const rejectButton = useRef<HTMLButtonElement>(null);
  const focusHeading = () => heading.current?.focus();
  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: statementKey(statement.id) }),
      client.invalidateQueries({ queryKey: REVIEW_QUEUE_KEY }),
    ]);
  const act = useMutation({
    mutationFn: (action: Act) =>
      request(ACT_CALLS[action.call], { params: { id: statement.id }, body: bodyOf(action) }),
    onMutate: () => setSaid(undefined),
    onSuccess: (updated, action) => {
      client.setQueryData(statementKey(statement.id), updated);
      const until = updated.final?.canUndo ? updated.final.undoUntil : null;
      // The window as it really is (UNDO_WINDOW_MS may shorten it), counted from the answer.
      const seconds = until ? secondsLeft(Date.parse(until), Date.now()) : 0;
      setSaid({
        ok: true,
        text: resultText(action, updated),
        ...(seconds > 0 && action.call !== 'undo'
          ? { undo: fill(texts.statement.undoWindow, { window: windowLength(seconds) }) }
          : {}),
      });
      setDraft({});
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
  // A draft of what can no longer be done here (someone else decided) is not kept, nor announced at login.
  const drafting = can('decide') || can('approve') || can('send-back');
  useEffect(() => writeDraft(statement.id, drafting ? draft : {}), [statement.id, drafting, draft]);
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
  // The window's end changes what may be done: the statement is asked for again (an audited opening, as
  // any load of it: docs/decisions/panel-page.md#review-pages), and the result no longer offers the undo.
  const windowEnded = () => {
    setSaid((current) => (current?.undo ? { ok: current.ok, text: current.text } : current));
    void client.invalidateQueries({ queryKey: statementKey(statement.id) });
  };

  return (
    <>
      <LiveStatus message={said?.ok ? [said.text, said.undo].filter(Boolean).join(' ') : undefined} />
      {statement.final?.undoUntil ? (
        <WindowEnd key={statement.final.undoUntil} until={statement.final.undoUntil} onEnded={windowEnded} />
      ) : null}
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
              onClick={() => editDraft({ rejecting: !rejecting })}
            >
              {texts.statement.reject}
            </button>
          </div>
          {rejecting ? (
            <RejectForm
              reasons={statement.reasons}
              busy={busy}
              reason={draft.reason ?? ''}
              note={draft.note ?? ''}
              onChange={editDraft}
              onReject={(reason, note) =>
                run({ call: 'decision', outcome: 'reject', reason, ...optional(note) })
              }
              onCancel={() => {
                editDraft({ rejecting: false, reason: '', note: '' });
                requestAnimationFrame(() => rejectButton.current?.focus());
              }}
            />
          ) : null}
        </>
      ) : null}
      {can('give-back') ? (
        <HeldAction
          label={texts.statement.giveBack}
          hint={texts.statement.giveBackHint}
          busy={busy}
          onClick={() => run({ call: 'give-back' })}
        />
      ) : null}
      {can('release') ? (
        <HeldAction
          label={texts.statement.release}
          hint={fill(texts.statement.releaseHint, { email: statement.reviewer?.email ?? texts.empty })}
          busy={busy}
          onClick={() => run({ call: 'release' })}
        />
      ) : null}
      {can('approve') || can('send-back') ? (
        <div className="approval">
          <NoteField value={approvalNote} onChange={(note) => editDraft({ approvalNote: note })} />
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
