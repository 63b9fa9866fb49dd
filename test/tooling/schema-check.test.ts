import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import definitions from '#schemas/definitions.json';
import definitionsUi from '#schemas/definitions.ui.json';
import { campaign, prizes, tierById, type TierId } from '#shared/campaign.ts';
import { tierForms } from '#shared/statement/forms.ts';
import { generatedFiles, validatorModuleSource } from '#tooling/generate.ts';
import { TIER_FILES } from '#shared/statement/generated/tier-files.ts';
import { checkSharedFiles, checkTierFile, type SharedFiles } from '#tooling/schema-check.ts';
import { describeProblem } from '#tooling/schema-problem.ts';
import { runtimeValidator } from '#shared/statement/keywords.ts';
import { composeTierForm, type TierFile } from '#shared/statement/tier-forms.ts';
import { KNOWN_WIDGETS } from '#widgets/registry.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const shared = { definitions, definitionsUi } as SharedFiles;
const check = (tierId: TierId, file: unknown = TIER_FILES[tierId], files: SharedFiles = shared) =>
  checkTierFile({
    tier: tierById(tierId)!,
    file,
    shared: files,
    onlinePrefix: campaign.onlineCodePrefix,
    knownWidgets: KNOWN_WIDGETS,
  }).map(describeProblem);

/** The problems of a tier file after `change` (on a copy). */
const withFile = (tierId: TierId, change: (file: Json) => void) => {
  const file = structuredClone(TIER_FILES[tierId]) as Json;
  change(file);
  return check(tierId, file);
};

// Words of ajv's and JavaScript's English that must never reach an editor.
const ENGLISH = /\b(must|should|strict mode|schema is invalid|undefined|TypeError|Error:|at \w+ \()/;

describe('schemas:check on the files as they are', () => {
  it.each(prizes.tiers.map((tier) => tier.id))('tier %s has no problem', (tierId) => {
    expect(check(tierId)).toEqual([]);
  });

  it('the shared files have no problem', () => {
    expect(checkSharedFiles(definitions, definitionsUi, KNOWN_WIDGETS)).toEqual([]);
  });

  it('the generated files are up to date', () => {
    const files = generatedFiles({
      tiers: prizes.tiers.map((tier) => ({ tier, schema: tierForms[tier.id].schema })),
      definitions,
      knownWidgets: KNOWN_WIDGETS,
    });
    for (const [file, content] of files) expect(fs.readFileSync(file, 'utf8'), file).toBe(content);
  });

  it('never emits eval-like code or require() into the browser validators', () => {
    expect(validatorModuleSource(tierForms.I.schema)).not.toMatch(/new Function|eval\(|require\(/);
  });
});

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

  it('comments are welcome anywhere', () => {
    const problems = withFile('IV', (file) => {
      file.$comment = 'Formularz IV stopnia';
      file.schema.$comment = 'pola';
      file.schema.properties.email.$comment = 'adres do kontaktu';
      file.uiSchema.$comment = 'wygląd';
    });
    expect(problems).toEqual([]);
  });

  it('a tighter limit without a message of its own states its own number', () => {
    const tightened = structuredClone(TIER_FILES.III) as Json;
    tightened.schema.properties.firstName = { $ref: '#/$defs/firstName', maxLength: 50 };
    expect(check('III', tightened)).toEqual([]);
    const { schema } = composeTierForm('III', tightened as TierFile, shared, campaign.onlineCodePrefix);
    const { errors } = runtimeValidator().validateFormData({ firstName: 'a'.repeat(60) }, schema);
    expect(errors.filter((error) => error.property === '.firstName').map((error) => error.message)).toEqual([
      'Pole może mieć maksymalnie 50 znaków.',
    ]);
  });

  it('a required field without a message of its own says the spec’s "Pole wymagane"', () => {
    const problems = withFile('IV', (file) => file.schema.required.push('address_street'));
    expect(problems).toEqual([]);
  });

  it(
    'never throws and stays Polish, whatever odd value any node of a tier file takes',
    { timeout: 60_000 },
    () => {
      const odd = [null, 42, 'x', [], {}, true];
      const paths: string[][] = [];
      const walk = (node: unknown, path: string[]) => {
        paths.push(path);
        if (node && typeof node === 'object') {
          for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
        }
      };
      walk(TIER_FILES.WINTO, []);
      for (const path of paths) {
        for (const value of odd) {
          const file = structuredClone(TIER_FILES.WINTO) as Json;
          if (path.length === 0) {
            expect(() => check('WINTO', value)).not.toThrow();
            continue;
          }
          let parent: Json = file;
          for (const key of path.slice(0, -1)) parent = parent[key];
          parent[path.at(-1)!] = value;
          const problems = check('WINTO', file);
          for (const problem of problems) expect(problem, path.join('/')).not.toMatch(ENGLISH);
        }
      }
    },
  );
});

describe('a broken shared file is told in Polish, naming schemas/definitions.json', () => {
  const withShared = (change: (files: { definitions: Json; definitionsUi: Json }) => void) => {
    const files = structuredClone({ definitions, definitionsUi }) as {
      definitions: Json;
      definitionsUi: Json;
    };
    change(files);
    return checkSharedFiles(files.definitions, files.definitionsUi, KNOWN_WIDGETS).map(describeProblem);
  };

  it('a misspelt rule', () => {
    expect(withShared(({ definitions: d }) => (d.$defs.phone.maxLenght = 9))).toEqual([
      'schemas/definitions.json, /$defs/phone: nieznana reguła „maxLenght” — sprawdź pisownię (np. „maxLength”, „minLength”, „pattern”)',
    ]);
  });

  it('a rule without its message, and a rule of the wrong type', () => {
    expect(
      withShared(({ definitions: d }) => {
        d.$defs.address_flat.minLength = 1;
        d.$defs.email.maxLength = 'sto';
      }),
    ).toEqual([
      'schemas/definitions.json, /$defs/address_flat/errorMessage: reguła „minLength” nie ma polskiego komunikatu — dopisz go w „errorMessage” jako "minLength": "…"',
      'schemas/definitions.json, /$defs/email/maxLength: „maxLength” musi być liczbą całkowitą, a jest tekstem „sto”',
    ]);
  });

  it('a message that states another number than its rule', () => {
    expect(
      withShared(({ definitions: d }) => {
        d.$defs.address_street.maxLength = 80;
        d.$defs.firstName.errorMessage.minLetters = 'Pole musi zawierać co najmniej 3 litery.';
      }),
    ).toEqual([
      'schemas/definitions.json, /$defs/firstName/errorMessage/minLetters: komunikat reguły „minLetters” podaje 3, a reguła ma 2 — napisz w nim {znaki} (albo {litery}), a program wstawi liczbę z reguły',
    ]);
  });

  it('our own rules (letters, adults only) without their message', () => {
    expect(
      withShared(({ definitions: d }) => {
        delete d.$defs.firstName.errorMessage.minLetters;
        delete d.$defs.pesel.errorMessage.adultByRegistrationEnd;
        delete d.$defs.birthDate.errorMessage.adultByRegistrationEnd;
      }),
    ).toEqual([
      'schemas/definitions.json, /$defs/firstName/errorMessage: reguła „minLetters” nie ma polskiego komunikatu — dopisz go w „errorMessage” jako "minLetters": "…"',
      'schemas/definitions.json, /$defs/pesel/errorMessage: reguła „adultByRegistrationEnd” nie ma polskiego komunikatu — dopisz go w „errorMessage” jako "adultByRegistrationEnd": "…"',
      'schemas/definitions.json, /$defs/birthDate/errorMessage: reguła „adultByRegistrationEnd” nie ma polskiego komunikatu — dopisz go w „errorMessage” jako "adultByRegistrationEnd": "…"',
    ]);
  });

  it('a definition that is no object, and a ready condition on another field', () => {
    expect(
      withShared(({ definitions: d }) => {
        d.$defs.address_flat = null;
        d.$defs.idCardOrPassport.if = { properties: { email: { maxLength: 10 } } };
      }),
    ).toEqual([
      'schemas/definitions.json, /$defs/address_flat: definicja musi być obiektem { … }',
      'schemas/definitions.json, /$defs/idCardOrPassport/if: Warunek może zależeć tylko od zaznaczenia pola "noPesel" albo "noPersonalId" ({ "const": true }) albo od kodu internetowego ({ "$ref": "#/$defs/onlineCode" }) — zapisz go jak gotowe warunki w definitions.json.',
    ]);
  });

  it('a definition loosened beyond the payload is refused in the tiers that use it', () => {
    const loosened = structuredClone(shared) as { definitions: Json; definitionsUi: Json };
    delete loosened.definitions.$defs.consent.const;
    loosened.definitions.$defs.consentsWithTax.required = ['rules', 'notEmployee', 'rodo'];
    expect(check('VI', TIER_FILES.VI, loosened as SharedFiles)).toContain(
      'schemas/tier-vi.json, pole „consents.rules”, /schema/properties/consents: pole przyjmuje „false”, czego dane oświadczenia nie mogą zawierać („lotteryRegulations”, docs/api.md) — sprawdź reguły pola w definitions.json i w tym pliku',
    );
    expect(check('WINTO', TIER_FILES.WINTO, loosened as SharedFiles)).toContain(
      'schemas/tier-winto.json, pole „consents.tax”, /schema/properties/consents: zgody muszą zawierać obowiązkową zgodę na nagrodę dodatkową (tax): ten poziom ma nagrodę dodatkową (prizes.json, taxAward)',
    );
  });

  it('an unknown section and an unknown widget in definitions.ui.json', () => {
    expect(
      withShared(({ definitionsUi: ui }) => {
        ui.phone['ui:section'] = 'Dane';
        ui.email['ui:widget'] = 'Email';
      }),
    ).toEqual([
      'schemas/definitions.ui.json, pole „phone”, /phone/ui:section: „Dane” w „ui:section” nie jest jedną z wartości: „kupon”, „dane”, „zgody”, „pep” — czy chodziło o „dane”?',
      expect.stringMatching(
        /^schemas\/definitions\.ui\.json, pole „email”, \/email\/ui:widget: „Email” w „ui:widget” nie jest jedną z wartości: .*czy chodziło o „email”\?$/,
      ),
    ]);
  });
});
