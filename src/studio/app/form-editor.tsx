import { useEffect, useMemo, useRef, useState } from 'react';
import { campaign } from '#shared/campaign.ts';
import { sameJson } from '#shared/json.ts';
import type { SharedFiles } from '#tooling/schema-check.ts';
import type { SchemaProblem } from '#tooling/schema-problem.ts';
import { SECTIONS, type SectionId } from '#shared/statement/sections.ts';
import type { TierFile } from '#shared/statement/tier-forms.ts';
import { describeChangesOrSay, type ChangesInput } from '../changes';
import { mergeEdits, withMine, type Conflict } from '../merge';
import { fieldNames, fieldRows, rowsOf } from '../field-rows';
import { applyEdit, type Edit } from '../model';
import type { TextKey } from '../tier-file';
import type { FormState } from '../studio-api';
import { formById, STUDIO_FORMS, type FormId, type StudioForm } from '../forms';
import { calls } from './calls';
import { dropDraft, readDraft, writeDraft, type Draft } from './drafts';
import { ChangeList } from './change-list';
import { FieldGroup } from './field-group';
import { HistoryPanel } from './history-panel';
import { Preview } from './preview';
import { editingState } from './form-state';

const SECTION_NAMES: Record<SectionId, string> = {
  kupon: 'Kupon',
  dane: 'Dane Laureata',
  zgody: 'Zgody i oświadczenia',
  pep: 'Oświadczenie o stanowisku politycznym',
};

type Status =
  | { kind: 'saving' }
  | { kind: 'saved'; labels: string[] }
  | { kind: 'refused' }
  | { kind: 'told'; message: string };

interface FormEditorProps {
  form: StudioForm;
  shared: SharedFiles;
  initial: FormState;
  /** Every form as saved when the page loaded: where else an edited text stands. */
  forms: FormState[];
}

/** A text just edited that other forms had word for word (a consent, a clause): where else it stands. */
interface SharedText {
  edit: Extract<Edit, { kind: 'text' }>;
  /** The text's name: its field's title (a consent's short name) and its label. */
  name: string;
  forms: StudioForm[];
  /** Changed there too, with the edit's value. */
  applied: boolean;
}

const NO_ANSWER = 'Studio nie odpowiada — sprawdź, czy npm run studio nadal działa.';

/** What the edits change, in words (describeChangesOrSay with this form's context). */
const describe = (
  before: TierFile | null,
  after: TierFile,
  context: Omit<ChangesInput, 'before' | 'after'>,
) => describeChangesOrSay({ ...context, before, after });

const conflictKey = (conflict: Conflict) => conflict.path.join('/');

/** /studio/<id>: one form's fields, the live preview, the payload, 'Zapisz' and 'Historia'. */
export function FormEditor({ form, shared, initial, forms }: FormEditorProps) {
  const [saved, setSaved] = useState(initial);
  const [others, setOthers] = useState(forms);
  const [sharedText, setSharedText] = useState<SharedText>();
  // The forms the shared text was changed in too: saved with this one.
  const [companions, setCompanions] = useState<FormId[]>([]);
  const [draft, setDraft] = useState<Draft | undefined>(() => readDraft(form.id));
  const [status, setStatus] = useState<Status>();
  // The save's answer, until the next edit; meanwhile the page runs the same check on every edit.
  const [refusal, setRefusal] = useState<SchemaProblem[]>();
  // After 'W górę' / 'W dół' the focus stays on the moved field's button (React moved its group).
  const [moved, setMoved] = useState<{ field: string; by: -1 | 1 }>();
  // The field the last edit changed: the preview scrolls to it and marks it.
  const [changed, setChanged] = useState<Edit>();
  const confirmDiscard = useRef<HTMLDialogElement>(null);
  // File, field and data names are for developers: shown on demand.
  const [technical, setTechnical] = useState(false);
  // Each save reloads 'Historia', which lists it first.
  const [saveCount, setSaveCount] = useState(0);
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);

  const context = useMemo(() => ({ form, shared, onlinePrefix: campaign.onlineCodePrefix }), [form, shared]);
  const editing = useMemo(() => editingState(form, saved, shared, draft), [form, saved, shared, draft]);
  const file = editing.file;
  const problems = refusal ?? editing.problems;
  const rows = useMemo(() => {
    try {
      return file ? fieldRows(file, context) : [];
    } catch {
      return [];
    }
  }, [file, context]);
  const names = useMemo(() => fieldNames(rows), [rows]);
  const unsavedItems = useMemo(
    () => (editing.unsaved && file ? describe(saved.file, file, context) : []),
    [editing.unsaved, file, saved.file, context],
  );
  const meanwhile = useMemo(
    () => (editing.stale && draft?.base && saved.file ? describe(draft.base, saved.file, context) : []),
    [editing.stale, draft, saved.file, context],
  );
  // My edits replayed onto the file saved meanwhile; where we both changed the same part, I choose.
  const merge = useMemo(
    () =>
      editing.stale && draft?.base && saved.file ? mergeEdits(draft.base, draft.file, saved.file) : undefined,
    [editing.stale, draft, saved.file],
  );
  // What each conflicting edit of mine changes, in words.
  const conflictChanges = useMemo(
    () =>
      new Map(
        (merge?.conflicts ?? []).map((conflict) => [
          conflictKey(conflict),
          describe(merge!.file, withMine(merge!.file, [conflict]), context),
        ]),
      ),
    [merge, context],
  );
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const undecided = merge?.conflicts.some((conflict) => !choices[conflictKey(conflict)]) ?? false;

  useEffect(() => {
    if (!moved) return;
    const buttons = [
      ...document.querySelectorAll<HTMLButtonElement>(`[data-field="${moved.field}"] [data-move]`),
    ];
    const wanted = buttons.find((button) => button.dataset.move === String(moved.by) && !button.disabled);
    (wanted ?? buttons.find((button) => !button.disabled))?.focus();
  }, [moved, rows]);

  const keep = (next: Draft | undefined) => {
    setDraft(next);
    if (next) writeDraft(form.id, next);
    else dropDraft(form.id);
    setRefusal(undefined);
  };
  const change = (next: TierFile) => {
    keep({ base: draft?.base ?? saved.file, file: next });
    setStatus(undefined);
  };
  /** Another form's file as its editor has it (its unsaved change, else as saved), and a text's value there. */
  const contextOf = (other: StudioForm) => ({ form: other, shared, onlinePrefix: campaign.onlineCodePrefix });
  const savedFile = (other: StudioForm) => others.find((state) => state.id === other.id)!.file;
  const fileOf = (other: StudioForm) => readDraft(other.id)?.file ?? savedFile(other);
  const valueIn = (other: StudioForm, field: string, key: TextKey) => {
    const otherFile = fileOf(other);
    return otherFile
      ? rowsOf(otherFile, contextOf(other))
          .find((row) => row.name === field)
          ?.texts.find((text) => text.key === key)?.value
      : undefined;
  };
  const noticeSharedText = (next: Extract<Edit, { kind: 'text' }>) => {
    // Typing on in the same text keeps the tiers found for its first words, and changes it there too
    // once it was changed everywhere.
    if (sharedText?.edit.field === next.field && sharedText.edit.key === next.key) {
      if (sharedText.applied) changeEverywhere({ ...sharedText, edit: next });
      else setSharedText({ ...sharedText, edit: next });
      return;
    }
    const row = rows.find((candidate) => candidate.name === next.field);
    const before = row?.texts.find((text) => text.key === next.key);
    const part = /^part:(.+)$/.exec(next.key)?.[1];
    const title = row?.texts.find((text) => text.key === `partShort:${part}`)?.value ?? row?.title;
    // The tiers' statements share their texts; the complaint form stands alone.
    const alike = STUDIO_FORMS.filter(
      (other) =>
        other.id !== form.id &&
        form.tier &&
        other.tier &&
        before &&
        valueIn(other, next.field, next.key) === before.value,
    );
    setSharedText(
      row && before && alike.length > 0
        ? { edit: next, name: `„${title}” (${before.label.toLowerCase()})`, forms: alike, applied: false }
        : undefined,
    );
  };
  const changeEverywhere = (text: SharedText) => {
    for (const other of text.forms) {
      const otherDraft = readDraft(other.id);
      const otherFile = otherDraft?.file ?? savedFile(other);
      if (!otherFile) continue;
      const base = otherDraft?.base ?? savedFile(other);
      writeDraft(other.id, { base, file: applyEdit(otherFile, text.edit, contextOf(other)) });
    }
    setCompanions([...new Set([...companions, ...text.forms.map((other) => other.id)])]);
    setSharedText({ ...text, applied: true });
  };

  const edit = (next: Edit) => {
    if (!file) return;
    change(applyEdit(file, next, context));
    if (next.kind === 'text') noticeSharedText(next);
    setChanged(next);
    if (next.kind === 'move') {
      setMoved({ field: next.field, by: next.by });
      const title = rows.find((row) => row.name === next.field)?.title ?? next.field;
      setStatus({ kind: 'told', message: `Przeniesiono „${title}” ${next.by < 0 ? 'w górę' : 'w dół'}.` });
    }
  };

  const reload = async () => {
    const fresh = await calls.tier(form.id).catch(() => undefined);
    if (fresh) setSaved(fresh);
  };

  const save = async () => {
    if (!file) return;
    const also = companions.flatMap((id) => {
      const companion = readDraft(id);
      return companion ? [{ id, file: companion.file, base: companion.base }] : [];
    });
    const sent = { file, base: draft?.base ?? saved.file, also };
    setStatus({ kind: 'saving' });
    const reply = await calls.save(form.id, sent).catch(() => ({ message: NO_ANSWER, conflict: false }));
    if ('ok' in reply && reply.ok) {
      setSaved(reply);
      // Edits made while the save ran stay, as changes of the file just saved.
      const now = latest.current;
      keep(now && !sameJson(now.file, sent.file) ? { base: reply.file, file: now.file } : undefined);
      also.forEach(({ id }) => dropDraft(id));
      setCompanions([]);
      setSharedText(undefined);
      setSaveCount((count) => count + 1);
      if (also.length > 0) calls.forms().then(setOthers, () => undefined);
      setStatus({ kind: 'saved', labels: [form.label, ...also.map(({ id }) => formById(id)!.label)] });
    } else if ('problems' in reply) {
      setRefusal(reply.problems);
      setStatus({ kind: 'refused' });
    } else {
      setStatus({ kind: 'told', message: reply.message });
      if (reply.conflict) await reload();
    }
  };
  const discard = () => {
    keep(undefined);
    companions.forEach(dropDraft);
    setCompanions([]);
    setSharedText(undefined);
    setStatus(undefined);
  };

  const ownFile = form.file;
  const rowFields = new Set(rows.map((row) => row.name));
  const fieldOf = (problem: SchemaProblem) =>
    problem.file === ownFile ? problem.field?.split('.')[0] : undefined;
  const problemsOf = (field: string) => problems.filter((problem) => fieldOf(problem) === field);
  const general = problems.filter((problem) => !rowFields.has(fieldOf(problem) ?? ''));
  const sections = (Object.keys(SECTIONS) as SectionId[]).filter((section) =>
    rows.some((row) => row.section === section),
  );

  return (
    <div className="studio-editor">
      <div className="studio-editor__top">
        <h1>
          {form.title}: {form.about}
        </h1>
        <div className="studio-switch">
          <input
            id="szczegoly-techniczne"
            type="checkbox"
            checked={technical}
            onChange={(event) => setTechnical(event.target.checked)}
          />
          <label htmlFor="szczegoly-techniczne">Szczegóły techniczne (nazwy plików i pól)</label>
        </div>
        {technical && <p className="studio-file">Plik: {ownFile}</p>}
        <div className="studio-toolbar">
          <button
            type="button"
            className="button button--sun"
            onClick={() => void save()}
            disabled={!editing.unsaved || status?.kind === 'saving'}
          >
            Zapisz
          </button>
          <button
            type="button"
            className="studio-button"
            onClick={() => confirmDiscard.current?.showModal()}
            disabled={!editing.unsaved}
          >
            Odrzuć zmiany
          </button>
          <p role="status" className="studio-status">
            {status?.kind === 'saving' && 'Zapisywanie…'}
            {status?.kind === 'saved' &&
              `Zapisano ${form.tier ? `${status.labels.length > 1 ? 'oświadczenia' : 'oświadczenie'} ${status.labels.join(', ')}` : 'formularz reklamacji'}. ${form.tier ? 'Laureaci' : 'Składający reklamację'} zobaczą zmianę dopiero po wdrożeniu nowej wersji serwisu — daj znać programiście, który wdraża serwis, że formularz jest gotowy.`}
            {status?.kind === 'refused' &&
              'Nie zapisano: popraw problemy zaznaczone przy polach. Pliki zostały bez zmian.'}
            {status?.kind === 'told' && status.message}
            {!status && (editing.unsaved ? 'Niezapisane zmiany.' : 'Wszystkie zmiany są zapisane.')}
          </p>
        </div>
        <dialog ref={confirmDiscard} aria-labelledby="odrzucic" className="studio-dialog">
          <h2 id="odrzucic">Odrzucić niezapisane zmiany?</h2>
          <p>Formularz wróci do zapisanej wersji. Tego nie da się cofnąć. Odrzucisz:</p>
          <ChangeList changes={unsavedItems} />
          <form method="dialog" className="studio-toolbar">
            <button type="submit" className="studio-button" autoFocus>
              Nie, wróć do edycji
            </button>
            <button type="submit" className="studio-button" onClick={discard}>
              Tak, odrzuć zmiany
            </button>
          </form>
        </dialog>
        {editing.stale && (
          <section aria-labelledby="w-miedzyczasie" className="studio-problems-box">
            <h2 id="w-miedzyczasie">Plik zmienił się, odkąd zacząłeś zmiany</h2>
            <p>Ktoś zapisał ten formularz w międzyczasie{meanwhile.length > 0 ? ':' : '.'}</p>
            {meanwhile.length > 0 && <ChangeList changes={meanwhile} />}
            <p>
              „Zachowaj moje zmiany” przeniesie Twoje zmiany na zapisaną wersję — zmiany tamtej osoby zostaną;
              „Odrzuć zmiany” zostawi zapisany plik.
            </p>
            {merge && merge.conflicts.length > 0 && (
              <>
                <p>To samo zmieniliście oboje — wybierz, która wersja ma zostać:</p>
                {merge.conflicts.map((conflict) => {
                  const key = conflictKey(conflict);
                  return (
                    <fieldset key={key}>
                      <legend>Twoja zmiana wobec zapisanej wersji</legend>
                      <ChangeList changes={conflictChanges.get(key)!} />
                      {(['mine', 'theirs'] as const).map((side) => (
                        <label key={side} className="studio-switch">
                          <input
                            type="radio"
                            name={key}
                            checked={choices[key] === side}
                            onChange={() => setChoices({ ...choices, [key]: side })}
                          />
                          {side === 'mine' ? 'Moja wersja' : 'Wersja zapisana w międzyczasie'}
                          {typeof conflict[side] === 'string' && `: „${conflict[side]}”`}
                        </label>
                      ))}
                    </fieldset>
                  );
                })}
              </>
            )}
            <button
              type="button"
              className="studio-button"
              disabled={undecided}
              onClick={() => {
                if (!merge) return;
                const mine = merge.conflicts.filter((conflict) => choices[conflictKey(conflict)] === 'mine');
                keep({ base: saved.file, file: withMine(merge.file, mine) });
                setChoices({});
              }}
            >
              Zachowaj moje zmiany
            </button>
          </section>
        )}
        {sharedText && (
          <section aria-labelledby="wspolny-tekst" className="studio-unsaved">
            <h2 id="wspolny-tekst">Ten sam tekst w innych formularzach</h2>
            <p>
              {sharedText.name}: to samo brzmienie stoi także w oświadczeniach{' '}
              {sharedText.forms.map((other) => other.label).join(', ')}.
            </p>
            {sharedText.applied ? (
              <p>Zmieniono go także tam — „Zapisz” zapisze wszystkie te oświadczenia razem.</p>
            ) : (
              <button type="button" className="studio-button" onClick={() => changeEverywhere(sharedText)}>
                Zmień we wszystkich
              </button>
            )}
          </section>
        )}
        {unsavedItems.length > 0 && (
          <section aria-labelledby="niezapisane" className="studio-unsaved">
            <h2 id="niezapisane">Niezapisane zmiany</h2>
            <ChangeList changes={unsavedItems} />
          </section>
        )}
        {general.length > 0 && (
          <section aria-labelledby="problemy" className="studio-problems-box">
            <h2 id="problemy">Problemy</h2>
            <ul className="studio-problems">
              {general.map((problem) => (
                <li key={`${problem.file}|${problem.place}|${problem.message}`}>
                  {problem.file !== ownFile &&
                    `W pliku wspólnym dla formularzy${technical ? ` (${problem.file})` : ''} — poproś programistę: `}
                  {[problem.field && `pole „${problem.field}”`, problem.message].filter(Boolean).join(': ')}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <HistoryPanel
        form={form}
        technical={technical}
        saves={saveCount}
        onRestore={(version, date) => {
          if (file && sameJson(version, file)) {
            setStatus({ kind: 'told', message: `Wersja z ${date} jest taka sama jak ta w edytorze.` });
            return;
          }
          change(version as TierFile);
          setStatus({
            kind: 'told',
            message: `Wersja z ${date} jest w edytorze jako niezapisana zmiana — sprawdź podgląd i kliknij „Zapisz”.`,
          });
        }}
      />
      <div className="studio-editor__columns">
        <section aria-labelledby="pola" className="studio-fields">
          <h2 id="pola">Pola formularza</h2>
          {sections.map((section) => (
            <div key={section} className="studio-section">
              <h3>{SECTION_NAMES[section]}</h3>
              {rows
                .filter((row) => row.section === section)
                .map((row) => (
                  <FieldGroup
                    key={row.name}
                    row={row}
                    problems={problemsOf(row.name)}
                    onEdit={edit}
                    technical={technical}
                  />
                ))}
            </div>
          ))}
        </section>
        {file && (
          <Preview
            form={form}
            file={file}
            shared={shared}
            changed={changed}
            names={names}
            technical={technical}
          />
        )}
      </div>
    </div>
  );
}
