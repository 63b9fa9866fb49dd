import { prizes } from '#shared/campaign.ts';
import type { SharedFiles } from '#tooling/schema-check.ts';
import { routeOf, type TierState } from '../studio-api';
import { editingState } from './tier-state';

const DETAILS = {
  zgodny: 'Plik jest zapisany i przechodzi sprawdzenie.',
  'niezapisane zmiany': 'Zmiany czekają w tej przeglądarce na zapisanie.',
  błędy: 'Formularz ma problemy do poprawienia — szczegóły przy polach.',
};

/** /studio: every tier with its state. */
export function TierList({ shared, tiers }: { shared: SharedFiles; tiers: TierState[] }) {
  return (
    <>
      <h1>Formularze oświadczeń</h1>
      <p className="studio-lead">
        Wybierz formularz, aby zmienić jego pola: które są widoczne i obowiązkowe, ich kolejność, etykiety,
        podpowiedzi i komunikaty. Podgląd obok pokazuje formularz tak, jak zobaczy go laureat.
      </p>
      <table className="studio-table">
        <thead>
          <tr>
            <th scope="col">Formularz</th>
            <th scope="col">Nagroda</th>
            <th scope="col">Stan</th>
          </tr>
        </thead>
        <tbody>
          {prizes.tiers.map((tier) => {
            const saved = tiers.find((state) => state.id === tier.id)!;
            const { word } = editingState(tier, saved, shared);
            return (
              <tr key={tier.id}>
                <th scope="row">
                  <a href={`/studio/${routeOf(tier.id)}`}>Oświadczenie {tier.label}</a>
                </th>
                <td>{prizes.catalogue[tier.prize]?.award}</td>
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
