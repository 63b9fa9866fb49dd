import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import definitions from '#schemas/definitions.json';
import definitionsUi from '#schemas/definitions.ui.json';
import { campaign, prizes } from '#shared/campaign.ts';
import { tierForms } from '#shared/statement/forms.ts';
import { complaintForm } from '#shared/complaint/complaint-form.ts';
import { generatedFiles, validatorModuleSource } from '#tooling/generate.ts';
import { TIER_FILES } from '#shared/statement/generated/tier-files.ts';
import { checkSharedFiles, type SharedFiles } from '#tooling/schema-check.ts';
import { describeProblem } from '#tooling/schema-problem.ts';
import { runtimeValidator } from '#shared/statement/keywords.ts';
import { composeTierForm, type TierFile } from '#shared/statement/tier-forms.ts';
import { KNOWN_WIDGETS } from '#widgets/registry.ts';
import { check, ENGLISH, shared, withFile, type Json } from './schema-check-helpers';

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
      complaint: complaintForm.schema,
      definitions,
      knownWidgets: KNOWN_WIDGETS,
    });
    for (const [file, content] of files) expect(fs.readFileSync(file, 'utf8'), file).toBe(content);
  });

  it('never emits eval-like code or require() into the browser validators', () => {
    expect(validatorModuleSource(tierForms.I.schema)).not.toMatch(/new Function|eval\(|require\(/);
    expect(validatorModuleSource(complaintForm.schema)).not.toMatch(/new Function|eval\(|require\(/);
  });
});

describe('a broken tier file is told in Polish, with its file and place', () => {
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
