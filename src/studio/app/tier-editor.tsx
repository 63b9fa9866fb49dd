import { useMemo, useState } from 'react';
import { campaign, prizes, type Tier } from '../../shared/campaign';
import type { SchemaProblem, SharedFiles } from '../../shared/statement/schema-check';
import { SECTIONS, type SectionId } from '../../shared/statement/sections';
import type { TierFile } from '../../shared/statement/tier-forms';
import { describeChanges } from '../changes';
import { applyEdit, fieldRows, type Edit } from '../model';
import type { TierState } from '../studio-api';
import { calls } from './calls';
import { dropDraft, writeDraft } from './drafts';
import { FieldGroup } from './field-group';
import { HistoryPanel } from './history-panel';
import { Preview } from './preview';
import { editingState } from './tier-state';

const SECTION_NAMES: Record<SectionId, string> = {
  kupon: 'Kupon',
  dane: 'Dane Laureata',
  zgody: 'Zgody i oświadczenia',
  pep: 'Oświadczenie o stanowisku politycznym',
};

type Status =
  { kind: 'saving' } | { kind: 'saved' } | { kind: 'refused' } | { kind: 'told'; message: string };

interface TierEditorProps {
  tier: Tier;
  shared: SharedFiles;
  initial: TierState;
}

/** /studio/<id>: one tier's fields, the live preview, the payload, 'Zapisz' and 'Historia'. */
export function TierEditor({ tier, shared, initial }: TierEditorProps) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(() => editingState(tier, initial, shared).file);
  const [status, setStatus] = useState<Status>();
  // The save's answer, until the next edit; meanwhile the page runs the same check on every edit.
  const [refusal, setRefusal] = useState<SchemaProblem[]>();
  const context = useMemo(() => ({ tier, shared, onlinePrefix: campaign.onlineCodePrefix }), [tier, shared]);
  const editing = useMemo(
    () => editingState(tier, saved, shared, draft ?? undefined),
    [tier, saved, shared, draft],
  );
  const problems = refusal ?? editing.problems;
  const rows = useMemo(() => {
    if (!draft) return [];
    try {
      return fieldRows(draft, context);
    } catch {
      return [];
    }
  }, [draft, context]);
  const unsavedItems = useMemo(() => {
    if (!editing.unsaved || !draft) return [];
    try {
      return describeChanges({ ...context, before: saved.file, after: draft });
    } catch {
      return ['zmiany, których studio nie umie opisać'];
    }
  }, [editing.unsaved, draft, saved.file, context]);

  const change = (file: TierFile) => {
    setDraft(file);
    writeDraft(tier.id, file, saved.file);
    setRefusal(undefined);
    setStatus(undefined);
  };
  const edit = (next: Edit) => draft && change(applyEdit(draft, next, context));

  const save = async () => {
    setStatus({ kind: 'saving' });
    const reply = await calls
      .save(tier.id, draft)
      .catch(() => ({ message: 'Studio nie odpowiada — sprawdź, czy npm run studio nadal działa.' }));
    if ('ok' in reply && reply.ok) {
      dropDraft(tier.id);
      setSaved(reply);
      setDraft(reply.file);
      setStatus({ kind: 'saved' });
    } else if ('problems' in reply) {
      setRefusal(reply.problems);
      setStatus({ kind: 'refused' });
    } else setStatus({ kind: 'told', message: reply.message });
  };
  const discard = () => {
    dropDraft(tier.id);
    setDraft(saved.file);
    setRefusal(undefined);
    setStatus(undefined);
  };

  const fieldNames = new Set(rows.map((row) => row.name));
  const problemsOf = (field: string) => problems.filter((problem) => problem.field?.split('.')[0] === field);
  const general = problems.filter((problem) => !fieldNames.has(problem.field?.split('.')[0] ?? ''));
  const sections = (Object.keys(SECTIONS) as SectionId[]).filter((section) =>
    rows.some((row) => row.section === section),
  );

  return (
    <div className="studio-editor">
      <div className="studio-editor__top">
        <h1>
          Oświadczenie {tier.label}: {prizes.catalogue[tier.prize].award}{' '}
          <span className="studio-file">schemas/{tier.schema}</span>
        </h1>
        <div className="studio-toolbar">
          <button
            type="button"
            className="button button--sun"
            onClick={() => void save()}
            disabled={status?.kind === 'saving'}
          >
            Zapisz
          </button>
          <button type="button" className="studio-button" onClick={discard} disabled={!editing.unsaved}>
            Odrzuć zmiany
          </button>
          <p role="status" className="studio-status">
            {status?.kind === 'saving' && 'Zapisywanie…'}
            {status?.kind === 'saved' && `Zapisano schemas/${tier.schema} i sprawdzarkę formularza.`}
            {status?.kind === 'refused' &&
              'Nie zapisano: popraw problemy zaznaczone przy polach. Pliki zostały bez zmian.'}
            {status?.kind === 'told' && status.message}
            {!status && (editing.unsaved ? 'Niezapisane zmiany.' : 'Wszystkie zmiany są zapisane.')}
          </p>
        </div>
        {unsavedItems.length > 0 && (
          <section aria-labelledby="niezapisane" className="studio-unsaved">
            <h2 id="niezapisane">Niezapisane zmiany</h2>
            <ul>
              {unsavedItems.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        )}
        {general.length > 0 && (
          <section aria-labelledby="problemy" className="studio-problems-box">
            <h2 id="problemy">Problemy w pliku</h2>
            <ul className="studio-problems">
              {general.map((problem) => (
                <li key={`${problem.place}|${problem.message}`}>
                  {[problem.field && `pole „${problem.field}”`, problem.message].filter(Boolean).join(': ')}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="studio-editor__columns">
        <section aria-labelledby="pola" className="studio-fields">
          <h2 id="pola">Pola formularza</h2>
          {sections.map((section) => (
            <div key={section} className="studio-section">
              <h3>{SECTION_NAMES[section]}</h3>
              {rows
                .filter((row) => row.section === section)
                .map((row) => (
                  <FieldGroup key={row.name} row={row} problems={problemsOf(row.name)} onEdit={edit} />
                ))}
            </div>
          ))}
          <HistoryPanel
            tier={tier}
            onRestore={(file, date) => {
              change(file as TierFile);
              setStatus({
                kind: 'told',
                message: `Wersja z ${date} jest w edytorze jako niezapisana zmiana — sprawdź podgląd i kliknij „Zapisz”.`,
              });
            }}
          />
        </section>
        {draft && <Preview tier={tier} file={draft} shared={shared} />}
      </div>
    </div>
  );
}
