import { describe, expect, it } from 'vitest';
import definitions from '#schemas/definitions.json';
import definitionsUi from '#schemas/definitions.ui.json';
import { campaign, type TierId } from '#shared/campaign.ts';
import type { JsonObject } from '#shared/json.ts';
import { TIER_FILES } from '#shared/statement/generated/tier-files.ts';
import type { TierFile } from '#shared/statement/tier-forms.ts';
import { formById } from '#studio/forms.ts';
import { changeLine, describeChanges, summaryLine, wordDiff } from '#studio/changes.ts';

// What 'Zmiany' and `npm run schemas:diff` say about an edit, checked on the real tier files and definitions.

const shared = { definitions, definitionsUi };

/** The changes as schemas:diff prints them, one line each. */
function changes(tierId: TierId, edit: (file: TierFile) => void): string[] {
  const after = structuredClone(TIER_FILES[tierId]);
  edit(after);
  return describeChanges({
    form: formById(tierId)!,
    before: TIER_FILES[tierId],
    after,
    shared,
    onlinePrefix: campaign.onlineCodePrefix,
  }).map(changeLine);
}

const order = (file: TierFile) => file.uiSchema['ui:order'] as string[];
const required = (file: TierFile) => file.schema.required as string[];
const properties = (file: TierFile) => file.schema.properties as Record<string, JsonObject>;

function move(list: string[], field: string, before: string | undefined): void {
  list.splice(list.indexOf(field), 1);
  list.splice(before === undefined ? list.length : list.indexOf(before), 0, field);
}

describe('describeChanges', () => {
  it('a field made required or optional', () => {
    expect(changes('IV', (file) => required(file).push('address_street'))).toEqual([
      'Ulica — teraz obowiązkowe',
    ]);
    expect(changes('IV', (file) => required(file).splice(required(file).indexOf('phone'), 1))).toEqual([
      'Numer telefonu — teraz nieobowiązkowe',
    ]);
  });

  it("required in a condition's branch counts", () => {
    expect(
      changes('III', (file) => {
        const condition = (file.schema.allOf as JsonObject[])[1]!;
        (condition.then as JsonObject).required = ['birthDate'];
      }),
    ).toEqual(['Obywatelstwo — teraz nieobowiązkowe']);
  });

  it('an adjacent swap names the field that went up', () => {
    expect(changes('V', (file) => move(order(file), 'email', 'phone'))).toEqual([
      'Adres e-mail przed polem „Numer telefonu”',
    ]);
  });

  it('a field moved down names the field it now stands before, or the end of the form', () => {
    expect(changes('V', (file) => move(order(file), 'firstName', 'email'))).toEqual([
      'Imię przed polem „Adres e-mail”',
    ]);
    expect(changes('V', (file) => move(order(file), 'code', undefined))).toEqual([
      'Kod promocyjny na końcu formularza',
    ]);
  });

  it('a field removed or added, without telling their order', () => {
    expect(
      changes('IV', (file) => {
        delete properties(file).address_flat;
        order(file).splice(order(file).indexOf('address_flat'), 1);
      }),
    ).toEqual(['Numer lokalu — usunięte z formularza']);
    expect(
      changes('IV', (file) => {
        properties(file).citizenship = { $ref: '#/$defs/citizenship' };
        order(file).splice(2, 0, 'citizenship');
      }),
    ).toEqual(['Obywatelstwo — dodane do formularza']);
  });

  it('a new label, told under the old one, and the new empty-field message', () => {
    expect(
      changes('IV', (file) => {
        properties(file).address_house!.title = 'Numer budynku';
        properties(file).address_house!['x-requiredMessage'] = 'Podaj numer budynku';
      }),
    ).toEqual([
      'Numer domu — etykieta „Numer budynku” (było „Numer domu”)',
      'Numer budynku — komunikat, gdy pole jest puste: „Podaj numer budynku”',
    ]);
  });

  it('help text and placeholder, set and dropped', () => {
    expect(
      changes('VI', (file) => {
        file.uiSchema.bankAccount = { 'ui:help': 'Na ten rachunek przelejemy 200 zł.' };
        file.uiSchema.email = { ...(file.uiSchema.email as object), 'ui:placeholder': 'adres@example.pl' };
      }),
    ).toEqual([
      'Adres e-mail — podpowiedź w polu „adres@example.pl”',
      'Numer rachunku bankowego — tekst pomocy „Na ten rachunek przelejemy 200 zł.”',
    ]);
    expect(changes('VI', (file) => (file.uiSchema.bankAccount = { 'ui:help': '' }))).toEqual([
      'Numer rachunku bankowego — bez tekstu pomocy',
    ]);
  });

  it("one item per changed rule message, in the definition's order of rules", () => {
    expect(
      changes('IV', (file) => {
        properties(file).email!.errorMessage = {
          format: 'To nie jest adres e-mail.',
          maxLength: 'Za długi.',
        };
      }),
    ).toEqual([
      'Adres e-mail — komunikat błędu: „Za długi.”',
      'Adres e-mail — komunikat błędu: „To nie jest adres e-mail.”',
    ]);
  });

  it("a consent's wording: named by its short name, the whole of it with the changed words marked", () => {
    const tax = (file: TierFile) => (file.uiSchema.consents as Record<string, JsonObject>).tax!;
    // The file names the award by its placeholder; the studio tells the wording as the winner reads it.
    const wording = tax(TIER_FILES.III)['ui:title'] as string;
    expect(wording).toContain(' {TELEFON.additionalAward}, ');
    const shown = wording.replace('{TELEFON.additionalAward}', '409 zł');
    expect(
      changes(
        'III',
        (file) => (tax(file)['ui:title'] = wording.replace('{TELEFON.additionalAward}', '500 zł')),
      ),
    ).toEqual([
      'Zgody i oświadczenia — treść zgody „Zgoda na nagrodę dodatkową (podatek)” zmieniona: ' +
        `„${shown.replace('409 zł', '[-409-] {+500+} zł')}”`,
    ]);
  });

  it('a wording compared word by word: each run of words only one version has, once', () => {
    expect(
      wordDiff(
        'Oświadczam, że zapoznałem(-am) się z Regulaminem Loterii i akceptuję go.',
        'Oświadczam, że przeczytałem Regulamin Loterii i akceptuję go.',
      ),
    ).toEqual([
      { words: 'Oświadczam, że' },
      { words: 'zapoznałem(-am) się z Regulaminem', change: 'removed' },
      { words: 'przeczytałem Regulamin', change: 'added' },
      { words: 'Loterii i akceptuję go.' },
    ]);
  });

  it('a changed rule or condition is told once, as another change', () => {
    // The message states its rule's number (docs/decisions/field-rules.md#rule-numbers): a new limit is a new
    // message the participant reads.
    expect(changes('IV', (file) => (properties(file).address_street!.maxLength = 60))).toEqual([
      'Ulica — komunikat błędu: „Pole może mieć maksymalnie 60 znaków.”',
      'inne zmiany w pliku (warunki albo reguły pól)',
    ]);
    expect(
      changes(
        'VI',
        (file) => (file.uiSchema.phone = { ...(file.uiSchema.phone as object), 'ui:widget': 'text' }),
      ),
    ).toEqual(['inne zmiany w pliku (warunki albo reguły pól)']);
  });

  it('items follow the form, a removed field where it stood', () => {
    expect(
      changes('IV', (file) => {
        required(file).push('address_street');
        delete properties(file).firstName;
        order(file).splice(order(file).indexOf('firstName'), 1);
        move(order(file), 'email', 'phone');
      }),
    ).toEqual([
      'Imię — usunięte z formularza',
      'Ulica — teraz obowiązkowe',
      'Adres e-mail przed polem „Numer telefonu”',
    ]);
  });

  it('an override equal to the definition, or no edit at all, is no change', () => {
    expect(
      changes('IV', (file) => {
        properties(file).address_house!.title = 'Numer domu';
        properties(file).phone!['x-requiredMessage'] = 'Numer telefonu jest wymagany';
        file.uiSchema.email = { 'ui:placeholder': 'jan.kowalski@example.pl' };
      }),
    ).toEqual([]);
    expect(changes('WINTO', () => {})).toEqual([]);
  });

  it('a file with no earlier version is new', () => {
    const input = { form: formById('IV')!, before: null, after: TIER_FILES.IV, shared, onlinePrefix: 'w' };
    expect(describeChanges(input)).toEqual([{ text: 'nowy plik' }]);
  });
});

describe('summaryLine', () => {
  it("the tier's label, then the items", () => {
    expect(
      summaryLine(formById('IV')!, [
        { text: 'Ulica — teraz obowiązkowe' },
        { text: 'Adres e-mail przed polem „Numer telefonu”' },
      ]),
    ).toBe('IV: Ulica — teraz obowiązkowe; Adres e-mail przed polem „Numer telefonu”');
  });
});
