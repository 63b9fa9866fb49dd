import { describe, expect, it } from 'vitest';
import type { TierId } from '#shared/campaign.ts';
import { ENGLISH, withFile, type Json } from './schema-check-helpers';

// schemas:check's answers to broken tier files, one case each: what an editor of schemas/ reads.

describe('a broken tier file is told in Polish, with its file and place', () => {
  const corpus: Array<[string, TierId, (file: Json) => void, string[]]> = [
    [
      'an empty label, message and look title (a field left unnamed)',
      'IV',
      (file) => {
        file.schema.properties.address_house = {
          $ref: '#/$defs/address_house',
          title: ' ',
          errorMessage: { maxLength: '' },
        };
        file.uiSchema.phone = { 'ui:title': '' };
      },
      [
        'schemas/tier-iv.json, pole „address_house”, /schema/properties/address_house/title: Wpisz tekst w cudzysłowie — nie może być pusty.',
        'schemas/tier-iv.json, pole „address_house”, /schema/properties/address_house/errorMessage/maxLength: Wpisz komunikat w cudzysłowie — nie może być pusty.',
        'schemas/tier-iv.json, pole „phone”, /uiSchema/phone/ui:title: Wpisz tekst w cudzysłowie — nie może być pusty.',
      ],
    ],
    [
      'a misspelt $ref',
      'IV',
      (file) => (file.schema.properties.phone = { $ref: '#/$defs/telefon' }),
      [
        'schemas/tier-iv.json, pole „phone”, /schema/properties/phone/$ref: „telefon” nie jest definicją z definitions.json — to pole ma definicję „phone”: wpisz "#/$defs/phone"',
      ],
    ],
    [
      'a misspelt field in required',
      'IV',
      (file) => file.schema.required.push('adress_street'),
      [
        expect.stringMatching(
          /^schemas\/tier-iv\.json, pole „adress_street”, \/schema\/required\/9: .*„address_street”/,
        ),
      ],
    ],
    [
      'a misspelt field in ui:order',
      'IV',
      (file) => (file.uiSchema['ui:order'][3] = 'lastname'),
      [expect.stringMatching(/pole „lastname”, \/uiSchema\/ui:order\/3: .*czy chodziło o „lastName”/)],
    ],
    [
      'a field named twice in ui:order',
      'V',
      (file) => file.uiSchema['ui:order'].push('email'),
      ['schemas/tier-v.json, pole „email”, /uiSchema/ui:order/12: „email” występuje w „ui:order” dwa razy'],
    ],
    [
      'a field written three times in required',
      'VI',
      (file) => file.schema.required.push('email', 'email'),
      ['schemas/tier-vi.json, pole „email”, /schema/required/8: „email” występuje w „required” trzy razy'],
    ],
    [
      'a $ref to a definition that offers a choice, misspelt',
      'I',
      (file) => (file.schema.properties.consents = { $ref: '#/$defs/consentWithTax' }),
      [
        'schemas/tier-i.json, pole „consents”, /schema/properties/consents/$ref: „consentWithTax” nie jest definicją z definitions.json — to pole ma definicję „consents” albo „consentsWithTax”: wpisz "#/$defs/consentsWithTax"',
      ],
    ],
    [
      'the schema’s type written in Polish (const)',
      'IV',
      (file) => (file.schema.type = 'obiekt'),
      ['schemas/tier-iv.json, /schema/type: „type” jest tekstem „obiekt”: Wpisz "object".'],
    ],
    [
      'a limit written as text (type)',
      'IV',
      (file) =>
        (file.schema.properties.address_house = {
          $ref: '#/$defs/address_house',
          maxLength: '50',
          errorMessage: { maxLength: 'Najwyżej {znaki}.' },
        }),
      [
        'schemas/tier-iv.json, pole „address_house”, /schema/properties/address_house/maxLength: „maxLength” jest tekstem „50”: Wpisz liczbę całkowitą (bez cudzysłowu).',
      ],
    ],
    [
      'a misspelt key of a field’s look (additionalProperties)',
      'IV',
      (file) => (file.uiSchema.phone = { 'ui:placholder': '600 700 800' }),
      [
        'schemas/tier-iv.json, pole „phone”, /uiSchema/phone/ui:placholder: nieznane pole „ui:placholder” w „phone” — czy chodziło o „ui:placeholder”?',
      ],
    ],
    [
      'a ui:order entry that is no field of this form',
      'III',
      (file) => file.uiSchema['ui:order'].splice(3, 0, 'bankAccount'),
      [
        'schemas/tier-iii.json, pole „bankAccount”, /uiSchema/ui:order/3: ' +
          'pola „bankAccount” ten poziom nie wysyła do serwera (docs/api.md) — o takie pole poproś programistę',
      ],
    ],
    [
      'a field of the form missing from ui:order',
      'IV',
      (file) => file.uiSchema['ui:order'].splice(file.uiSchema['ui:order'].indexOf('email'), 1),
      [
        'schemas/tier-iv.json, pole „email”, /uiSchema/ui:order: pola brakuje w „ui:order” — dopisz je tam, gdzie ma się pojawić',
      ],
    ],
    [
      'required written as text instead of a list',
      'VI',
      (file) => (file.schema.required = 'phone'),
      [
        'schemas/tier-vi.json, /schema/required: „required” jest tekstem „phone”: Wpisz listę nazw pól w nawiasach kwadratowych, każdą raz, np. ["phone", "email"].',
      ],
    ],
    [
      'an unknown widget',
      'IV',
      (file) => (file.uiSchema.phone = { 'ui:widget': 'PhoneWidgetX' }),
      [
        expect.stringMatching(
          /^schemas\/tier-iv\.json, pole „phone”, \/uiSchema\/phone\/ui:widget: „PhoneWidgetX” w „ui:widget” nie jest jedną z wartości: .*„MaskedInputWidget”/,
        ),
      ],
    ],
    [
      'an unknown section',
      'IV',
      (file) => (file.uiSchema.email = { 'ui:section': 'kontakt' }),
      [
        expect.stringMatching(
          /pole „email”, \/uiSchema\/email\/ui:section: „kontakt” w „ui:section” nie jest jedną z wartości: „kupon”, „dane”, „zgody”, „pep”$/,
        ),
      ],
    ],
    [
      'a rule without its Polish message',
      'IV',
      (file) => (file.schema.properties.address_street = { $ref: '#/$defs/address_street', minLength: 3 }),
      [
        'schemas/tier-iv.json, pole „address_street”, /schema/properties/address_street: ' +
          'reguła „minLength” nie ma polskiego komunikatu — dopisz go w „errorMessage” jako "minLength": "…"',
      ],
    ],
    [
      'a letters rule added without its Polish message',
      'IV',
      (file) => (file.schema.properties.address_street = { $ref: '#/$defs/address_street', minLetters: 3 }),
      [
        'schemas/tier-iv.json, pole „address_street”, /schema/properties/address_street: ' +
          'reguła „minLetters” nie ma polskiego komunikatu — dopisz go w „errorMessage” jako "minLetters": "…"',
      ],
    ],
    [
      'a field outside the tier’s payload',
      'IV',
      (file) => {
        file.schema.properties.pesel = { $ref: '#/$defs/pesel' };
        file.uiSchema['ui:order'].push('pesel');
      },
      [
        'schemas/tier-iv.json, pole „pesel”, /schema/properties/pesel: pola „pesel” ten poziom nie wysyła do serwera (docs/api.md) — o takie pole poproś programistę',
        'schemas/tier-iv.json, pole „pesel”, /uiSchema/ui:order/12: pola „pesel” ten poziom nie wysyła do serwera (docs/api.md) — o takie pole poproś programistę',
      ],
    ],
    [
      'the phone removed from tier VI',
      'VI',
      (file) => {
        delete file.schema.properties.phone;
        file.schema.required = file.schema.required.filter((name: string) => name !== 'phone');
        file.uiSchema['ui:order'] = file.uiSchema['ui:order'].filter((name: string) => name !== 'phone');
      },
      [
        'schemas/tier-vi.json, pole „phone”, /schema/required: pole musi być obowiązkowe: dane oświadczenia muszą wtedy zawierać „phoneNumber” (docs/api.md)',
      ],
    ],
    [
      'the consents of tier VI made optional',
      'VI',
      (file) => (file.schema.required = file.schema.required.filter((name: string) => name !== 'consents')),
      [
        'schemas/tier-vi.json, pole „consents.rules”, /schema/required: pole musi być obowiązkowe: dane oświadczenia muszą wtedy zawierać „lotteryRegulations” (docs/api.md)',
        'schemas/tier-vi.json, pole „consents.notEmployee”, /schema/required: pole musi być obowiązkowe: dane oświadczenia muszą wtedy zawierać „authorizedPerson” (docs/api.md)',
        'schemas/tier-vi.json, pole „consents.rodo”, /schema/required: pole musi być obowiązkowe: dane oświadczenia muszą wtedy zawierać „personalDataClause” (docs/api.md)',
      ],
    ],
    [
      'tier I’s tax consent dropped (consents instead of consentsWithTax)',
      'I',
      (file) => (file.schema.properties.consents = { $ref: '#/$defs/consents' }),
      [
        'schemas/tier-i.json, pole „consents.tax”, /schema/required: pole musi być obowiązkowe: dane oświadczenia muszą wtedy zawierać „additionalAward” (docs/api.md)',
      ],
    ],
    [
      'winTo without the tax consent its tax award needs',
      'WINTO',
      (file) => (file.schema.properties.consents = { $ref: '#/$defs/consents' }),
      [
        'schemas/tier-winto.json, pole „consents.tax”, /schema/properties/consents: zgody muszą zawierać obowiązkową zgodę na nagrodę dodatkową (tax): ten poziom ma nagrodę dodatkową (prizes.json, taxAward)',
      ],
    ],
    [
      'a tax consent on a tier without a tax award',
      'V',
      (file) => (file.schema.properties.consents = { $ref: '#/$defs/consentsWithTax' }),
      [
        'schemas/tier-v.json, pole „consents.tax”, /schema/properties/consents: zgody nie mogą zawierać zgody na nagrodę dodatkową (tax): ten poziom nie ma nagrody dodatkowej',
      ],
    ],
    [
      'the PESEL-or-birth-date condition dropped',
      'II',
      (file) => file.schema.allOf.splice(1, 1),
      [
        'schemas/tier-ii.json, pole „pesel”, /uiSchema/ui:order/14: „ui:order” wymienia pole, którego ten formularz nie ma — usuń je stąd albo dodaj do "properties"',
        'schemas/tier-ii.json, pole „birthDate”, /uiSchema/ui:order/15: „ui:order” wymienia pole, którego ten formularz nie ma — usuń je stąd albo dodaj do "properties"',
        'schemas/tier-ii.json, pole „pesel”, /schema/required: pole musi być obowiązkowe (gdy nie zaznaczono „Nie posiadam numeru PESEL”): dane oświadczenia muszą wtedy zawierać „pesel” (docs/api.md)',
        'schemas/tier-ii.json, pole „birthDate”, /schema/required: pole musi być obowiązkowe (gdy zaznaczono „Nie posiadam numeru PESEL”): dane oświadczenia muszą wtedy zawierać „birthDate” (docs/api.md)',
      ],
    ],
    [
      'the ID-card-or-passport condition dropped',
      'III',
      (file) => file.schema.allOf.pop(),
      [
        'schemas/tier-iii.json, pole „personalId”, /uiSchema/ui:order/16: „ui:order” wymienia pole, którego ten formularz nie ma — usuń je stąd albo dodaj do "properties"',
        'schemas/tier-iii.json, pole „passport”, /uiSchema/ui:order/17: „ui:order” wymienia pole, którego ten formularz nie ma — usuń je stąd albo dodaj do "properties"',
        'schemas/tier-iii.json, pole „personalId”, /schema/required: pole musi być obowiązkowe (gdy nie zaznaczono „Nie posiadam dowodu osobistego”): dane oświadczenia muszą wtedy zawierać „identityCardNumber” (docs/api.md)',
        'schemas/tier-iii.json, pole „passport”, /schema/required: pole musi być obowiązkowe (gdy zaznaczono „Nie posiadam dowodu osobistego”): dane oświadczenia muszą wtedy zawierać „passportNumber” (docs/api.md)',
      ],
    ],
    [
      'the coupon photo rule dropped',
      'IV',
      (file) => delete file.schema.allOf,
      [
        'schemas/tier-iv.json, pole „file”, /uiSchema/ui:order/1: „ui:order” wymienia pole, którego ten formularz nie ma — usuń je stąd albo dodaj do "properties"',
        'schemas/tier-iv.json, pole „file”, /schema/allOf: pole musi być w formularzu (dla kodu z kuponu): dane oświadczenia zawierają wtedy „image”',
      ],
    ],
    [
      'the serial number rule dropped',
      'VI',
      (file) => delete file.schema.allOf,
      [
        'schemas/tier-vi.json, pole „serialNumber”, /uiSchema/ui:order/1: „ui:order” wymienia pole, którego ten formularz nie ma — usuń je stąd albo dodaj do "properties"',
        'schemas/tier-vi.json, pole „serialNumber”, /schema/required: pole musi być obowiązkowe (dla kodu z kuponu): dane oświadczenia muszą wtedy zawierać „serialNumber” (docs/api.md)',
      ],
    ],
    [
      'the no-PESEL box removed where the form needs it',
      'WINTO',
      (file) => {
        delete file.schema.properties.noPesel;
        file.uiSchema['ui:order'] = file.uiSchema['ui:order'].filter((name: string) => name !== 'noPesel');
      },
      [
        'schemas/tier-winto.json, pole „noPesel”, /schema/properties: formularz musi mieć to pole: od niego zależy, czy wysyła się „pesel”',
      ],
    ],
    [
      'a field shown where its payload value must be null (winTo asks no birth country)',
      'WINTO',
      (file) => {
        file.schema.properties.country = { $ref: '#/$defs/country' };
        file.uiSchema['ui:order'].push('country');
      },
      [
        'schemas/tier-winto.json, pole „country”, /schema/properties: pola nie może być w formularzu: w danych tego poziomu „countryOfBirth” jest wtedy puste (null, docs/api.md)',
      ],
    ],
    [
      'a file that is not a tier file at all',
      'IV',
      (file) => {
        for (const key of Object.keys(file)) delete file[key];
        file.schemat = {};
      },
      [
        'schemas/tier-iv.json, /schema: brakuje pola „schema”',
        'schemas/tier-iv.json, /uiSchema: brakuje pola „uiSchema”',
        'schemas/tier-iv.json, /schemat: nieznane pole „schemat” — czy chodziło o „schema”?',
      ],
    ],
    [
      'a field pointing at another field’s definition',
      'VI',
      (file) => (file.schema.properties.phone = { $ref: '#/$defs/firstName' }),
      [
        'schemas/tier-vi.json, pole „phone”, /schema/properties/phone/$ref: „firstName” to definicja innego pola — to pole ma definicję „phone”: wpisz "#/$defs/phone"',
      ],
    ],
    [
      'the phone shown only under a condition on another field',
      'VI',
      (file) => {
        delete file.schema.properties.phone;
        file.schema.required = file.schema.required.filter((name: string) => name !== 'phone');
        file.schema.allOf.push({
          if: { properties: { email: { maxLength: 10 } } },
          then: { properties: { phone: { $ref: '#/$defs/phone' } }, required: ['phone'] },
        });
      },
      [
        'schemas/tier-vi.json, /schema/allOf/1/if: Warunek może zależeć tylko od zaznaczenia pola "noPesel" albo "noPersonalId" ({ "const": true }) albo od kodu internetowego ({ "$ref": "#/$defs/onlineCode" }) — zapisz go jak gotowe warunki w definitions.json.',
      ],
    ],
    [
      'a condition on a box left unticked (const false)',
      'I',
      (file) =>
        (file.schema.allOf[2] = {
          if: { properties: { noPersonalId: { const: false } }, required: ['noPersonalId'] },
          then: { properties: { personalId: { $ref: '#/$defs/personalId' } }, required: ['personalId'] },
          else: { properties: { passport: { $ref: '#/$defs/passport' } }, required: ['passport'] },
        }),
      [
        'schemas/tier-i.json, /schema/allOf/2/if: Warunek może zależeć tylko od zaznaczenia pola "noPesel" albo "noPersonalId" ({ "const": true }) albo od kodu internetowego ({ "$ref": "#/$defs/onlineCode" }) — zapisz go jak gotowe warunki w definitions.json.',
      ],
    ],
    [
      'a rule loosened in the tier file beyond what the payload allows',
      'VI',
      (file) =>
        (file.schema.properties.firstName = {
          $ref: '#/$defs/firstName',
          maxLength: 1000,
          errorMessage: { maxLength: 'Za długie.' },
        }),
      [
        'schemas/tier-vi.json, pole „firstName”, /schema/properties/firstName: pole przyjmuje tekst o długości 101 znaków, czego dane oświadczenia nie mogą zawierać („name”, docs/api.md) — sprawdź reguły pola w definitions.json i w tym pliku',
      ],
    ],
    [
      'a phone pattern that takes more than 9 digits',
      'IV',
      (file) =>
        (file.schema.properties.phone = {
          $ref: '#/$defs/phone',
          pattern: '^[0-9 +]{9,15}$',
          errorMessage: { pattern: 'Podaj numer telefonu.' },
        }),
      [
        'schemas/tier-iv.json, pole „phone”, /schema/properties/phone: pole przyjmuje „1234567890”, czego dane oświadczenia nie mogą zawierać („phoneNumber”, docs/api.md) — sprawdź reguły pola w definitions.json i w tym pliku',
      ],
    ],
    [
      'a field required where the form does not show it',
      'I',
      (file) => file.schema.required.push('birthDate'),
      [
        'schemas/tier-i.json, pole „birthDate”, /schema/required: pole jest obowiązkowe, ale formularz go nie pokazuje (gdy nie zaznaczono „Nie posiadam numeru PESEL”, gdy nie zaznaczono „Nie posiadam dowodu osobistego”, dla kodu z kuponu) — nikt nie mógłby wtedy wysłać oświadczenia',
      ],
    ],
    [
      'the coupon photo required for online codes too',
      'IV',
      (file) => file.schema.required.push('file'),
      [
        'schemas/tier-iv.json, pole „file”, /schema/required: pole jest obowiązkowe, ale formularz go nie pokazuje (dla kodu internetowego) — nikt nie mógłby wtedy wysłać oświadczenia',
      ],
    ],
    [
      'a pattern that is no regular expression',
      'I',
      (file) => (file.schema.properties.firstName = { $ref: '#/$defs/firstName', pattern: '([' }),
      [
        'schemas/tier-i.json, pole „firstName”, /schema/properties/firstName/pattern: wzorzec „([” nie jest poprawnym wyrażeniem regularnym',
      ],
    ],
    [
      'the look of a field this tier does not send',
      'IV',
      (file) => (file.uiSchema.pesel = { 'ui:placeholder': '00000000000' }),
      [
        'schemas/tier-iv.json, pole „pesel”, /uiSchema/pesel: pola „pesel” ten poziom nie wysyła do serwera (docs/api.md) — o takie pole poproś programistę',
      ],
    ],
    [
      'a tighter limit whose own message states the old number',
      'III',
      (file) =>
        (file.schema.properties.firstName = {
          $ref: '#/$defs/firstName',
          maxLength: 50,
          errorMessage: { maxLength: 'Pole może mieć maksymalnie 100 znaków.' },
        }),
      [
        'schemas/tier-iii.json, pole „firstName”, /schema/properties/firstName: komunikat reguły „maxLength” podaje 100, a reguła ma 50 — napisz w nim {znaki} (albo {litery}), a program wstawi liczbę z reguły',
      ],
    ],
    [
      'a message stating another number than its rule, in a condition’s branch',
      'III',
      (file) =>
        (file.schema.allOf[1].else.properties.pesel = {
          $ref: '#/$defs/pesel',
          errorMessage: { maxLength: 'Numer PESEL musi mieć 12 znaków.' },
        }),
      [
        'schemas/tier-iii.json, pole „pesel”, /schema/allOf/1/else/properties/pesel: komunikat reguły „maxLength” podaje 12, a reguła ma 11 — napisz w nim {znaki} (albo {litery}), a program wstawi liczbę z reguły',
      ],
    ],
    [
      'a misspelt place for a rule’s number',
      'IV',
      (file) =>
        (file.schema.properties.address_house = {
          $ref: '#/$defs/address_house',
          errorMessage: { maxLength: 'Najwyżej {znakow}.' },
        }),
      [
        'schemas/tier-iv.json, pole „address_house”, /schema/properties/address_house: komunikat reguły „maxLength” ma nieznane miejsce na liczbę „{znakow}” — wpisz {znaki} albo {litery}',
      ],
    ],
  ];

  it.each(corpus)('%s', (_name, tierId, change, expected) => {
    const problems = withFile(tierId, change);
    expect(problems).toEqual(expected);
    for (const problem of problems) expect(problem).not.toMatch(ENGLISH);
  });
});
