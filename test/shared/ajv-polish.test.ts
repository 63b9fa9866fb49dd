import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { polishAjvMessage, polishAjvPlace, polishAjvProblems } from '#shared/ajv-polish.ts';

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
addFormats(ajv);
ajv.addFormat('warsawLocalTime', /^\d{4}-\d{2}-\d{2}$/);

const ENGLISH = /\b(must|NOT|have|property|properties|should|equal|allowed|match|schema)\b/;

function errorsFor(schema: object, data: unknown, validator = ajv): ErrorObject[] {
  const validate = validator.compile(schema);
  expect(validate(data)).toBe(false);
  return validate.errors ?? [];
}

/** The one error of `keyword` that validating `data` gives. */
function errorFor(schema: object, data: unknown, keyword: string): ErrorObject {
  const errors = errorsFor(schema, data).filter((error) => error.keyword === keyword);
  expect(errors).toHaveLength(1);
  return errors[0]!;
}

const object = (properties: object, extra: object = {}) => ({ type: 'object', properties, ...extra });

describe('polishAjvMessage and polishAjvPlace', () => {
  it.each<[string, object, unknown, string, string]>([
    [
      'required',
      object({}, { required: ['address_street'] }),
      {},
      '/address_street',
      'brakuje pola „address_street”',
    ],
    [
      'required',
      object({ address: object({}, { required: ['city'] }) }),
      { address: {} },
      '/address/city',
      'brakuje pola „city”',
    ],
    [
      'additionalProperties',
      object({ name: {} }, { additionalProperties: false }),
      { colour: 'red' },
      '/colour',
      'nieznane pole „colour”',
    ],
    [
      'additionalProperties',
      object({ address_street: {}, address_city: {} }, { additionalProperties: false }),
      { adress_street: 'Prosta 1' },
      '/adress_street',
      'nieznane pole „adress_street” — czy chodziło o „address_street”?',
    ],
    [
      'additionalProperties',
      object({ tiers: { items: object({ prize: {} }, { additionalProperties: false }) } }),
      { tiers: [{ prize: 'AYGO' }, { prise: 'AYGO' }] },
      '/tiers/1/prise',
      'nieznane pole „prise” w „tiers” — czy chodziło o „prize”?',
    ],
    // A short name is one or two edits away from almost anything: no guess.
    [
      'additionalProperties',
      object({ id: {} }, { additionalProperties: false }),
      { ix: 1 },
      '/ix',
      'nieznane pole „ix”',
    ],
    [
      'additionalProperties',
      object({}, { additionalProperties: false }),
      { 'a/b~c': 1 },
      '/a~1b~0c',
      'nieznane pole „a/b~c”',
    ],
    ['type', { type: 'string' }, 5, '/', 'wartość musi być tekstem, a jest liczbą 5'],
    [
      'type',
      object({ count: { type: 'number' } }),
      { count: '5' },
      '/count',
      '„count” musi być liczbą, a jest tekstem „5”',
    ],
    ['type', { type: 'integer' }, 2.5, '/', 'wartość musi być liczbą całkowitą, a jest liczbą 2.5'],
    [
      'type',
      { type: 'boolean' },
      'tak',
      '/',
      'wartość musi być wartością true albo false, a jest tekstem „tak”',
    ],
    ['type', { type: 'array' }, {}, '/', 'wartość musi być listą […], a jest obiektem {…}'],
    ['type', { type: 'object' }, [], '/', 'wartość musi być obiektem {…}, a jest listą […]'],
    ['type', { type: 'null' }, 0, '/', 'wartość musi być wartością null, a jest liczbą 0'],
    [
      'type',
      object({ list: { type: ['string', 'null'] } }),
      { list: [0] },
      '/list',
      '„list” musi być tekstem albo wartością null, a jest listą […]',
    ],
    [
      'enum',
      object({ claimBy: { enum: ['hash', 'code'] } }),
      { claimBy: 'email' },
      '/claimBy',
      '„email” w „claimBy” nie jest jedną z wartości: „hash”, „code”',
    ],
    [
      'enum',
      { enum: ['draw', 'weekly', 'daily'] },
      'dayli',
      '/',
      '„dayli” nie jest jedną z wartości: „draw”, „weekly”, „daily” — czy chodziło o „daily”?',
    ],
    ['enum', { enum: ['I', 'II', 'III'] }, 'IV', '/', '„IV” nie jest jedną z wartości: „I”, „II”, „III”'],
    [
      'enum',
      object({ tiers: { items: { enum: [1, 2, null] } } }),
      { tiers: [1, 3] },
      '/tiers/1',
      '„3” w „tiers” nie jest jedną z wartości: „1”, „2”, „null”',
    ],
    [
      'const',
      object({ timeZone: { const: 'Europe/Warsaw' } }),
      { timeZone: 'Europe/Berlin' },
      '/timeZone',
      '„timeZone” musi być „Europe/Warsaw”, nie „Europe/Berlin”',
    ],
    [
      'const',
      object({ days: { items: { const: 1 } } }),
      { days: [1, 2] },
      '/days/1',
      'element 2 listy „days” musi być „1”, nie „2”',
    ],
    ['minLength', { minLength: 1 }, '', '/', 'nie może być puste'],
    ['minLength', { minLength: 2 }, 'a', '/', 'musi mieć co najmniej 2 znaki'],
    ['minLength', { minLength: 5 }, 'a', '/', 'musi mieć co najmniej 5 znaków'],
    ['maxLength', { maxLength: 1 }, 'ab', '/', 'może mieć co najwyżej 1 znak'],
    ['maxLength', { maxLength: 12 }, 'a'.repeat(13), '/', 'może mieć co najwyżej 12 znaków'],
    ['maxLength', { maxLength: 22 }, 'a'.repeat(23), '/', 'może mieć co najwyżej 22 znaki'],
    ['minItems', { minItems: 7 }, [], '/', 'musi mieć co najmniej 7 elementów'],
    ['maxItems', { maxItems: 3 }, [1, 2, 3, 4], '/', 'może mieć co najwyżej 3 elementy'],
    ['maxItems', { maxItems: 1 }, [1, 2], '/', 'może mieć co najwyżej 1 element'],
    ['minimum', { minimum: 1 }, 0, '/', 'musi wynosić co najmniej 1'],
    ['maximum', { maximum: 7 }, 8, '/', 'może wynosić co najwyżej 7'],
    ['exclusiveMinimum', { exclusiveMinimum: 0 }, 0, '/', 'musi być większe niż 0'],
    ['exclusiveMaximum', { exclusiveMaximum: 2.5 }, 3, '/', 'musi być mniejsze niż 2.5'],
    ['pattern', { pattern: '^/oswiadczenie-[a-z-]+$' }, '/inne', '/', 'ma nieprawidłowy format'],
    ['format', { format: 'email' }, 'jan.kowalski', '/', 'ma nieprawidłowy format (adres e-mail)'],
    ['format', { format: 'date' }, '2025-13-01', '/', 'ma nieprawidłowy format (data RRRR-MM-DD)'],
    ['format', { format: 'warsawLocalTime' }, 'jutro', '/', 'ma nieprawidłowy format (warsawLocalTime)'],
    [
      'uniqueItems',
      { items: { type: 'string' }, uniqueItems: true },
      ['Draw1', 'Draw2', 'Draw1'],
      '/2',
      '„Draw1” występuje na liście dwa razy',
    ],
    [
      'uniqueItems',
      { uniqueItems: true },
      [{ id: 1 }, { id: 2 }, { id: 1 }],
      '/2',
      '„{"id":1}” występuje na liście dwa razy',
    ],
    ['multipleOf', { multipleOf: 2 }, 3, '/', 'jest nieprawidłowe (reguła „multipleOf”)'],
  ])('%s: %j with %j', (keyword, schema, data, place, message) => {
    const error = errorFor(schema, data, keyword);
    expect(polishAjvPlace(error)).toBe(place);
    expect(polishAjvMessage(error)).toBe(message);
    expect(message).not.toMatch(ENGLISH);
  });

  it('uses the Polish text a schema node gives in errorMessage (as VS Code reads it) for how a value is written', () => {
    const zip = { type: 'string', pattern: '^\\d{2}-\\d{3}$', errorMessage: 'podaj kod w postaci 00-000' };
    expect(polishAjvMessage(errorFor(zip, 12345, 'type'))).toBe(
      'wartość jest liczbą 12345: podaj kod w postaci 00-000',
    );
    expect(polishAjvMessage(errorFor(zip, '00000', 'pattern'))).toBe('podaj kod w postaci 00-000');
    const short = { type: 'string', minLength: 5, errorMessage: 'podaj kod w postaci 00-000' };
    expect(polishAjvMessage(errorFor(short, '0', 'minLength'))).toBe('musi mieć co najmniej 5 znaków');
  });

  it('keeps naming the field for a missing or unknown field under a node with errorMessage', () => {
    const address = object(
      { city: {} },
      { required: ['city'], additionalProperties: false, errorMessage: 'podaj pełny adres' },
    );
    expect(polishAjvMessage(errorFor(address, { miasto: 'Łódź' }, 'required'))).toBe('brakuje pola „city”');
    expect(polishAjvMessage(errorFor(address, { miasto: 'Łódź' }, 'additionalProperties'))).toBe(
      'nieznane pole „miasto”',
    );
  });

  it('works without verbose errors, only without the guesses', () => {
    const plain = new Ajv({ allErrors: true, strict: false });
    const [error] = errorsFor(
      object({ address_street: {} }, { additionalProperties: false }),
      { adress_street: 1 },
      plain,
    );
    expect(polishAjvMessage(error!)).toBe('nieznane pole „adress_street”');
    expect(polishAjvPlace(error!)).toBe('/adress_street');
  });
});

describe('polishAjvProblems', () => {
  const file = 'schemas/tier-iv.json';

  it('gives no lines when there are no errors', () => {
    expect(polishAjvProblems(file, null)).toEqual([]);
    expect(polishAjvProblems(file, undefined)).toEqual([]);
    expect(polishAjvProblems(file, [])).toEqual([]);
  });

  it('gives one line per problem with the file, the place and the Polish message', () => {
    const schema = object(
      {
        id: { enum: ['I', 'II', 'III', 'IV'] },
        prize: { type: 'string', minLength: 1 },
        count: { type: 'integer', minimum: 1 },
      },
      { required: ['id', 'prize', 'count'], additionalProperties: false },
    );
    const lines = polishAjvProblems(file, errorsFor(schema, { id: 'V', count: 0, prise: 'AYGO' }));
    expect(lines).toEqual([
      'schemas/tier-iv.json: /prize — brakuje pola „prize”',
      'schemas/tier-iv.json: /prise — nieznane pole „prise” — czy chodziło o „prize”?',
      'schemas/tier-iv.json: /id — „V” w „id” nie jest jedną z wartości: „I”, „II”, „III”, „IV”',
      'schemas/tier-iv.json: /count — musi wynosić co najmniej 1',
    ]);
    for (const line of lines) expect(line).not.toMatch(ENGLISH);
  });

  it('leaves out the "must match then schema" summary of if/then/else', () => {
    const schema = object(
      { noPesel: { type: 'boolean' } },
      {
        if: object({ noPesel: { const: true } }, { required: ['noPesel'] }),
        then: { required: ['birthDate'] },
      },
    );
    const errors = errorsFor(schema, { noPesel: true });
    expect(errors.map((error) => error.keyword)).toEqual(['required', 'if']);
    expect(polishAjvProblems(file, errors)).toEqual([
      'schemas/tier-iv.json: /birthDate — brakuje pola „birthDate”',
    ]);
  });

  it('gives at most one line per place and rule', () => {
    const schema = { allOf: [{ pattern: '^a' }, { pattern: 'z$' }] };
    expect(polishAjvProblems(file, errorsFor(schema, 'x'))).toEqual([
      'schemas/tier-iv.json: / — ma nieprawidłowy format',
    ]);
  });

  it('leaves out a repeated message at the same place', () => {
    const schema = object({
      zip: { type: 'string', const: '00-000', errorMessage: 'podaj kod w postaci 00-000' },
    });
    expect(polishAjvProblems(file, errorsFor(schema, { zip: 5 }))).toEqual([
      'schemas/tier-iv.json: /zip — „zip” jest liczbą 5: podaj kod w postaci 00-000',
    ]);
  });
});
