import { useEffect, useState, type ReactNode } from 'react';
import type { SharedFiles } from '#tooling/schema-check.ts';
import type { FormState, SharedReply } from '../studio-api';
import { formOfRoute } from '../forms';
import { calls } from './calls';
import { setCheckout } from './drafts';
import { ChangesPage } from './changes-page';
import { FormEditor } from './form-editor';
import { FormList } from './form-list';

// The studio's pages: /studio (the forms), /studio/<id> (one form: a tier's, `complaint`), /studio/zmiany (what changed
// since the last commit). Plain links between them: unsaved edits are kept in the browser's storage.

type Loaded = { shared: SharedFiles; forms: FormState[] };

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
    Promise.all([calls.shared(), calls.forms()])
      .then(([shared, forms]: [SharedReply, FormState[]]) => {
        if (shared.ok) setCheckout(shared.checkout);
        setLoaded(
          shared.ok
            ? { shared: shared as SharedFiles, forms }
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
  const form = formOfRoute(path);
  if (path !== '' && !form) {
    return (
      <Page title="Nie ma takiej strony">
        <h1>Nie ma takiej strony</h1>
        <p>
          <a href="/studio">Wróć do listy formularzy</a>
        </p>
      </Page>
    );
  }
  const title = form ? form.title : 'Formularze';
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
      {form ? (
        <FormEditor
          form={form}
          shared={loaded.shared}
          initial={loaded.forms.find((state) => state.id === form.id)!}
          forms={loaded.forms}
        />
      ) : (
        <FormList shared={loaded.shared} forms={loaded.forms} />
      )}
    </Page>
  );
}
