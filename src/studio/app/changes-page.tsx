import { useEffect, useState } from 'react';
import type { ChangesReply } from '../studio-api';
import { formById, routeOf } from '../forms';
import { calls } from './calls';
import { ChangeList } from './change-list';

/** 'Zmiany': what the saved form files change since the last commit, in words (npm run schemas:diff). */
export function ChangesPage() {
  const [changes, setChanges] = useState<ChangesReply | 'failed'>();
  useEffect(() => {
    calls.changes().then(setChanges, () => setChanges('failed'));
  }, []);
  return (
    <>
      <h1>Zmiany od ostatniego zatwierdzenia</h1>
      <p className="studio-lead">
        Zapisane zmiany formularzy, których nie zatwierdzono jeszcze w repozytorium (git). To samo pokazuje
        polecenie <code>npm run schemas:diff</code>. Niezapisane zmiany widać na stronie formularza.
      </p>
      {changes === undefined && <p role="status">Wczytywanie zmian…</p>}
      {changes === 'failed' && (
        <p role="alert">Studio nie odpowiada — sprawdź, czy npm run studio nadal działa.</p>
      )}
      {typeof changes === 'object' && !changes.ok && <p>{changes.message}</p>}
      {typeof changes === 'object' && changes.ok && changes.tiers.length === 0 && (
        <p>Formularze bez zmian od ostatniego zatwierdzenia.</p>
      )}
      {typeof changes === 'object' &&
        changes.ok &&
        changes.tiers.map((tier) => (
          <section key={tier.id} aria-labelledby={`zmiany-${tier.id}`} className="studio-changes">
            <h2 id={`zmiany-${tier.id}`}>
              <a href={`/studio/${routeOf(tier.id)}`}>{formById(tier.id)?.title}</a>
            </h2>
            <ChangeList changes={tier.items} />
          </section>
        ))}
    </>
  );
}
