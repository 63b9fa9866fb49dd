import { useEffect, useState } from 'react';
import type { StudioForm } from '../forms';
import type { HistoryReply } from '../studio-api';
import { calls } from './calls';

const when = new Intl.DateTimeFormat('pl-PL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Warsaw',
});

/** One version: when, by what, what it changed in words, and its button to restore it. */
function Entry({
  id,
  heading,
  items,
  onRestore,
}: {
  id: string;
  heading: string;
  items: string[];
  onRestore: () => void;
}) {
  return (
    <li>
      <div id={id}>
        <strong>{heading}</strong>
        {items.length > 0 && <span>: {items.join('; ')}</span>}
      </div>
      <button type="button" className="studio-button" aria-describedby={id} onClick={onRestore}>
        Przywróć tę wersję
      </button>
    </li>
  );
}

/**
 * 'Historia': the saves made in the studio, newest first, then the versions committed by the developers
 * (what goes to the site when they deploy), each told by what it changed in Polish. Restoring one puts it
 * in the editor as a new, unsaved change: the history itself is never rewritten. It reloads after a save.
 */
export function HistoryPanel({
  form,
  technical,
  saves,
  onRestore,
}: {
  form: StudioForm;
  /** Whether the commits' own messages and authors' names are shown ('Szczegóły techniczne'). */
  technical: boolean;
  /** How many saves this page made: each one reloads the history. */
  saves: number;
  onRestore: (file: unknown, date: string) => void;
}) {
  const [history, setHistory] = useState<HistoryReply | 'failed'>();
  // A version that cannot be read is told beside the list, which stays.
  const [unreadable, setUnreadable] = useState<string>();
  useEffect(() => {
    calls.history(form.id).then(setHistory, () => setHistory('failed'));
  }, [form.id, saves]);
  const restore = async (revision: string, date: string) => {
    const version = await calls.version(form.id, revision).catch(() => undefined);
    setUnreadable(version?.ok ? undefined : (version?.message ?? 'Nie udało się wczytać tej wersji.'));
    if (version?.ok) onRestore(version.file, when.format(new Date(date)));
  };
  return (
    <section aria-labelledby="historia" className="studio-history">
      <h2 id="historia">Historia</h2>
      {history === undefined && <p role="status">Wczytywanie historii…</p>}
      {history === 'failed' && <p role="alert">Studio nie odpowiada — spróbuj ponownie.</p>}
      {typeof history === 'object' && (
        <>
          {unreadable && <p role="alert">{unreadable}</p>}
          <h3>Zapisy w studiu</h3>
          {history.saves.length === 0 ? (
            <p>Tego formularza nikt jeszcze nie zapisał w tym studiu.</p>
          ) : (
            <ol className="studio-history__list">
              {history.saves.map((save, index) => (
                <Entry
                  key={save.date}
                  id={`zapis-${index}`}
                  heading={`Zapisano ${when.format(new Date(save.date))}`}
                  items={save.items}
                  onRestore={() => onRestore(save.file, when.format(new Date(save.date)))}
                />
              ))}
            </ol>
          )}
          <h3>Wersje zatwierdzone przez programistów</h3>
          <p className="studio-note">Te wersje trafiają na stronę loterii, gdy programista wdroży serwis.</p>
          {history.message && <p>{history.message}</p>}
          {!history.message && history.versions.length === 0 && (
            <p>Ten plik nie ma jeszcze zatwierdzonych wersji.</p>
          )}
          {history.versions.length > 0 && (
            <ol className="studio-history__list">
              {history.versions.map((version) => (
                <Entry
                  key={version.revision}
                  id={`wersja-${version.revision}`}
                  heading={`Zatwierdzono ${when.format(new Date(version.date))}${
                    technical ? ` (${version.author}: ${version.subject})` : ''
                  }`}
                  items={version.items}
                  onRestore={() => void restore(version.revision, version.date)}
                />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
