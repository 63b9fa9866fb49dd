import { useEffect, useState, type ReactNode } from 'react';
import type { SharedFiles } from '#tooling/schema-check.ts';
import { tierOfRoute, type SharedReply, type TierState } from '../studio-api';
import { calls } from './calls';
import { setCheckout } from './drafts';
import { ChangesPage } from './changes-page';
import { TierEditor } from './tier-editor';
import { TierList } from './tier-list';

// The studio's pages: /studio (the tiers), /studio/<id> (one tier's form), /studio/zmiany (what changed
// since the last commit). Plain links between them: unsaved edits are kept in the browser's storage.

type Loaded = { shared: SharedFiles; tiers: TierState[] };

function Page({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} — Studio formularzy`;
  }, [title]);
  return (
    <>
      <header className="studio-header">
        <a className="studio-header__brand" href="/studio">
          Studio formularzy oświadczeń
        </a>
        <nav aria-label="Studio">
          <a href="/studio">Formularze</a>
          <a href="/studio/zmiany">Zmiany</a>
        </nav>
      </header>
      <main className="studio-main">{children}</main>
    </>
  );
}

function useLoaded(): Loaded | { problems: string[] } | undefined {
  const [loaded, setLoaded] = useState<Loaded | { problems: string[] }>();
  useEffect(() => {
    Promise.all([calls.shared(), calls.tiers()])
      .then(([shared, tiers]: [SharedReply, TierState[]]) => {
        if (shared.ok) setCheckout(shared.checkout);
        setLoaded(
          shared.ok
            ? { shared: shared as SharedFiles, tiers }
            : { problems: shared.problems.map((problem) => `${problem.file}: ${problem.message}`) },
        );
      })
      .catch(() =>
        setLoaded({ problems: ['Studio nie odpowiada — sprawdź, czy npm run studio nadal działa.'] }),
      );
  }, []);
  return loaded;
}

export function StudioApp() {
  const loaded = useLoaded();
  const path = window.location.pathname.replace(/^\/studio\/?/, '').replace(/\/$/, '');
  if (path === 'zmiany') {
    return (
      <Page title="Zmiany">
        <ChangesPage />
      </Page>
    );
  }
  const tier = tierOfRoute(path);
  if (path !== '' && !tier) {
    return (
      <Page title="Nie ma takiej strony">
        <h1>Nie ma takiej strony</h1>
        <p>
          <a href="/studio">Wróć do listy formularzy</a>
        </p>
      </Page>
    );
  }
  const title = tier ? `Oświadczenie ${tier.label}` : 'Formularze';
  if (!loaded) {
    return (
      <Page title={title}>
        <p role="status">Wczytywanie formularzy…</p>
      </Page>
    );
  }
  if ('problems' in loaded) {
    return (
      <Page title={title}>
        <h1>Studio nie może pokazać formularzy</h1>
        <ul>
          {loaded.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </Page>
    );
  }
  return (
    <Page title={title}>
      {tier ? (
        <TierEditor
          tier={tier}
          shared={loaded.shared}
          initial={loaded.tiers.find((state) => state.id === tier.id)!}
          tiers={loaded.tiers}
        />
      ) : (
        <TierList shared={loaded.shared} tiers={loaded.tiers} />
      )}
    </Page>
  );
}
