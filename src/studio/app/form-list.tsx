import type { SharedFiles } from '#tooling/schema-check.ts';
import type { FormState } from '../studio-api';
import { routeOf, STUDIO_FORMS } from '../forms';
import { editingState } from './form-state';

const DETAILS = {
  zgodny: 'Plik jest zapisany i przechodzi sprawdzenie.',
  'niezapisane zmiany': 'Zmiany czekają w tej przeglądarce na zapisanie.',
  błędy: 'Formularz ma problemy do poprawienia — szczegóły przy polach.',
};

/** /studio: every form (the tiers' statements, the complaint) with its state. */
export function FormList({ shared, forms }: { shared: SharedFiles; forms: FormState[] }) {
  return (
    <>
      <h1>Formularze</h1>
      <p className="studio-lead">
        Wybierz formularz, aby zmienić jego pola: które są widoczne i obowiązkowe, ich kolejność, etykiety,
        podpowiedzi i komunikaty. Podgląd obok pokazuje formularz tak, jak zobaczy go laureat albo składający
        reklamację.
      </p>
      <table className="studio-table">
        <thead>
          <tr>
            <th scope="col">Formularz</th>
            <th scope="col">Czego dotyczy</th>
            <th scope="col">Stan</th>
          </tr>
        </thead>
        <tbody>
          {STUDIO_FORMS.map((form) => {
            const saved = forms.find((state) => state.id === form.id)!;
            const { word } = editingState(form, saved, shared);
            return (
              <tr key={form.id}>
                <th scope="row">
                  <a href={`/studio/${routeOf(form.id)}`}>{form.title}</a>
                </th>
                <td>{form.about}</td>
                <td>
                  <span
                    className={`studio-state studio-state--${word === 'zgodny' ? 'ok' : word === 'błędy' ? 'error' : 'draft'}`}
                  >
                    {word}
                  </span>
                  <span className="studio-state__details">{DETAILS[word]}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
