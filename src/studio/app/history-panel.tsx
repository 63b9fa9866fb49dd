import { useState } from 'react';
import type { Tier } from '#shared/campaign.ts';
import type { HistoryReply } from '../studio-api';
import { calls } from './calls';

const when = new Intl.DateTimeFormat('pl-PL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Warsaw',
});

/**
 * 'Historia': the tier file's earlier versions from git. Restoring one puts it in the editor as a new,
 * unsaved change: the history itself is never rewritten.
 */
export function HistoryPanel({
  tier,
  onRestore,
}: {
  tier: Tier;
  onRestore: (file: unknown, date: string) => void;
}) {
  const [history, setHistory] = useState<HistoryReply | 'loading' | 'failed'>();
  // A version that cannot be read is told beside the list, which stays.
  const [unreadable, setUnreadable] = useState<string>();
  const open = () => {
    setHistory('loading');
    calls.history(tier.id).then(setHistory, () => setHistory('failed'));
  };
  const restore = async (revision: string, date: string) => {
    const version = await calls.version(tier.id, revision).catch(() => undefined);
    setUnreadable(version?.ok ? undefined : (version?.message ?? 'Nie udało się wczytać tej wersji.'));
    if (version?.ok) onRestore(version.file, when.format(new Date(date)));
  };
  return (
    <section aria-labelledby="historia" className="studio-history">
      <h2 id="historia">Historia</h2>
      {history === undefined && (
        <button type="button" className="studio-button" onClick={open}>
          Pokaż wcześniejsze wersje
        </button>
      )}
      {history === 'loading' && <p role="status">Wczytywanie historii…</p>}
      {history === 'failed' && <p role="alert">Studio nie odpowiada — spróbuj ponownie.</p>}
      {typeof history === 'object' && !history.ok && <p>{history.message}</p>}
      {typeof history === 'object' && history.ok && history.versions.length === 0 && (
        <p>Ten plik nie ma jeszcze zatwierdzonych wersji.</p>
      )}
      {typeof history === 'object' && history.ok && history.versions.length > 0 && (
        <>
          {unreadable && <p role="alert">{unreadable}</p>}
          <ol className="studio-history__list">
            {history.versions.map((version) => (
              <li key={version.revision}>
                <span id={`wersja-${version.revision}`}>
                  <strong>{when.format(new Date(version.date))}</strong>, {version.author}: {version.subject}
                </span>
                <button
                  type="button"
                  className="studio-button"
                  aria-describedby={`wersja-${version.revision}`}
                  onClick={() => void restore(version.revision, version.date)}
                >
                  Przywróć tę wersję
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
