import { describe, expect, it } from 'vitest';
import { focusTargetId, missingFields } from '#client/features/statement/missing-fields.ts';
import type { TierId } from '#shared/campaign.ts';
import { tierForms } from '#shared/statement/forms.ts';
import type { StatementFormData } from '#shared/statement/generated/form-data.ts';
import { firstMessagePerField } from '#shared/statement/statement-errors.ts';
import { loadTierValidator } from '#shared/statement/validator-loaders.ts';
import { validStatements } from '../../../fixtures/statements';

/** The list as the page computes it: the tier's real schema and precompiled validator. */
async function listFor(tierId: TierId, data: StatementFormData, photoMissing = false) {
  const form = tierForms[tierId];
  const validator = await loadTierValidator(tierId);
  const messages = firstMessagePerField(validator.rawValidation(form.schema, data).errors ?? []);
  return missingFields(form, messages, data, photoMissing);
}

const fixture = (tier: TierId) => validStatements.find((candidate) => candidate.tier === tier)!.form;

describe('what is missing before submit', () => {
  it('an empty tier II form lists every required field in page order, consents and answers by short names', async () => {
    const entries = await listFor('II', {}, true);
    expect(entries.map((entry) => entry.label)).toEqual([
      'Kod promocyjny',
      'Zdjęcie kuponu',
      'Imię',
      'Nazwisko',
      'Miejscowość',
      'Kod pocztowy',
      'Numer domu',
      'Numer telefonu',
      'Adres e-mail',
      'Obywatelstwo',
      'Kraj urodzenia',
      'PESEL',
      'Numer dowodu osobistego',
      'Akceptacja regulaminu',
      'Oświadczenie, że nie jesteś pracownikiem Organizatora',
      'Zgoda na przetwarzanie danych osobowych',
      'Zgoda na nagrodę dodatkową (podatek)',
      'Pytanie o eksponowane stanowisko polityczne',
      'Pytanie o pokrewieństwo z osobą na eksponowanym stanowisku',
      'Pytanie o współpracę z osobą na eksponowanym stanowisku',
      'Potwierdzenie, że jesteś beneficjentem rzeczywistym',
    ]);
    // nothing was given yet: no field is wrong, each is only missing
    expect(entries.every((entry) => !entry.wrong)).toBe(true);
  });

  it('a complete form lists nothing; a wrong value is listed as such, an unticked consent by name', async () => {
    expect(await listFor('I', fixture('I'))).toEqual([]);
    const form = fixture('I');
    expect(
      await listFor('I', { ...form, pesel: '44051401358', consents: { ...form.consents, rodo: false } }),
    ).toEqual([
      { path: 'pesel', label: 'PESEL', wrong: true },
      { path: 'consents.rodo', label: 'Zgoda na przetwarzanie danych osobowych', wrong: false },
    ]);
  });

  it('follows the toggles: without a PESEL the birth date is missing instead', async () => {
    const { pesel: _pesel, ...form } = fixture('I');
    const labels = (await listFor('I', { ...form, noPesel: true })).map((entry) => entry.label);
    expect(labels).toEqual(['Data urodzenia']);
  });

  it('an entry leads to the field, the code to its first empty box', () => {
    expect(focusTargetId('consents.rules', {})).toBe('root_consents_rules');
    expect(focusTargetId('code', {})).toBe('root_code');
    expect(focusTargetId('code', { code: 'A1B' })).toBe('root_code-4');
  });
});
