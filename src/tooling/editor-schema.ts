import type { Tier } from '#shared/campaign.ts';
import { FIELD_DEFINITIONS, TOGGLE_FIELDS, tierFormFields } from '#shared/statement/payload.ts';
import { SECTIONS } from '#shared/statement/sections.ts';
import { isObject, type JsonObject } from '#shared/json.ts';

// The JSON Schema of one tier file of schemas/, for the editor (VS Code completes field names, widgets and
// sections and underlines a misspelt one: .vscode/settings.json maps it) and for `npm run schemas:check`,
// which validates the file against it first. `errorMessage` (a string) is VS Code's keyword for a custom
// message: VS Code shows it for a wrong value, our check for a wrongly written one (and names the value
// that was meant, for a misspelt name).

/** The rule keywords a tier file may set on a field on top of its definition; each needs its message. */
export const OVERRIDABLE_RULES = ['minLength', 'maxLength', 'minNonSpace', 'minLetters', 'pattern'] as const;

/** The keys of a field's look (ui) that a tier file may set. */
const UI_KEYS = [
  'ui:title',
  'ui:shortTitle',
  'ui:placeholder',
  'ui:help',
  'ui:autocomplete',
  'ui:description',
];

/** What `ui:shortTitle` is, for the people who edit it: the name of a field with a long label in the list of what is missing. */
export const SHORT_TITLE_DESCRIPTION = 'Krótka nazwa na liście braków pod przyciskiem „Wyślij oświadczenie”';

/** Labels a participant reads: never empty. */
const LABEL_KEYS: Record<string, string> = {
  'ui:title': 'Etykieta pola',
  'ui:shortTitle': SHORT_TITLE_DESCRIPTION,
};

const text = (description: string) => ({
  type: 'string',
  description,
  errorMessage: 'Wpisz tekst w cudzysłowie.',
});
/** A text a participant reads as a label or a message: never empty (a blank label leaves a field unnamed). */
const words = (description: string) => ({
  type: 'string',
  pattern: '\\S',
  description,
  errorMessage: 'Wpisz tekst w cudzysłowie — nie może być pusty.',
});
const oneOf = (values: readonly string[], description: string) => ({
  enum: values,
  description,
  errorMessage: 'Nieznana wartość: wybierz jedną z podpowiedzi (Ctrl+Spacja).',
});
const comment = { $comment: { type: 'string' } };

/**
 * The `if` of a condition: a toggle ticked ('no PESEL', 'no ID card') or an online code, written as the
 * ready conditions of definitions.json write them. schemas:check tries every state of these, so a
 * condition on anything else could hide a field it never sees.
 */
export function conditionIfSchema(): JsonObject {
  const on = (field: string, test: JsonObject) => ({
    type: 'object',
    additionalProperties: false,
    required: ['properties', 'required'],
    properties: {
      properties: {
        type: 'object',
        additionalProperties: false,
        required: [field],
        properties: { [field]: { type: 'object', additionalProperties: false, ...test } },
      },
      required: { const: [field] },
    },
  });
  return {
    anyOf: [
      ...TOGGLE_FIELDS.map((toggle) =>
        on(toggle, { required: ['const'], properties: { const: { const: true } } }),
      ),
      on('code', { required: ['$ref'], properties: { $ref: { const: '#/$defs/onlineCode' } } }),
    ],
    errorMessage:
      'Warunek może zależeć tylko od zaznaczenia pola ' +
      `${TOGGLE_FIELDS.map((toggle) => `"${toggle}"`).join(' albo ')} ({ "const": true }) ` +
      'albo od kodu internetowego ({ "$ref": "#/$defs/onlineCode" }) — zapisz go jak gotowe warunki w definitions.json.',
  };
}

/** The definitions of schemas/definitions.json that describe a field (not a condition). */
export function fieldDefinitionNames(definitions: { $defs: JsonObject }): string[] {
  return Object.entries(definitions.$defs)
    .filter(([, definition]) => isObject(definition) && 'type' in definition)
    .map(([name]) => name);
}

/** The named conditions of schemas/definitions.json (PESEL or birth date, ID card or passport, …). */
export function conditionNames(definitions: { $defs: JsonObject }): string[] {
  return Object.entries(definitions.$defs)
    .filter(([, definition]) => isObject(definition) && 'if' in definition)
    .map(([name]) => name);
}

export interface EditorSchemaInput {
  tier: Tier;
  definitions: { $defs: JsonObject };
  knownWidgets: readonly string[];
}

/** The parts of the fields that are groups (the consents: rules, notEmployee, rodo, tax). */
function groupParts(definitions: { $defs: JsonObject }): string[] {
  const parts = Object.values(definitions.$defs).flatMap((definition) =>
    isObject(definition) && isObject(definition.properties) ? Object.keys(definition.properties) : [],
  );
  return [...new Set(parts)];
}

/** The look of one field (its ui entry): known keys, widgets and sections; groups' parts likewise. */
export function fieldUiSchema(
  definitions: { $defs: JsonObject },
  knownWidgets: readonly string[],
): JsonObject {
  return {
    type: 'object',
    additionalProperties: false,
    errorMessage:
      'Wygląd pola zapisuje się jak { "ui:placeholder": "…" } — dozwolone ustawienia podpowiada Ctrl+Spacja.',
    properties: {
      'ui:widget': oneOf(knownWidgets, 'Rodzaj pola'),
      'ui:section': oneOf(
        Object.keys(SECTIONS),
        Object.entries(SECTIONS)
          .map(([id, where]) => `${id}: ${where}`)
          .join('\n'),
      ),
      'ui:options': { type: 'object', errorMessage: 'Wpisz ustawienia w nawiasach klamrowych.' },
      ...comment,
      ...Object.fromEntries(
        UI_KEYS.map((key) => [key, key in LABEL_KEYS ? words(LABEL_KEYS[key]!) : text('Tekst pola')]),
      ),
      // The parts of a group of fields (the consents) have a look of their own.
      ...Object.fromEntries(groupParts(definitions).map((part) => [part, { $ref: '#/definitions/fieldUi' }])),
    },
  };
}

export function editorSchema({ tier, definitions, knownWidgets }: EditorSchemaInput): JsonObject {
  const fields = tierFormFields(tier);
  const known = fieldDefinitionNames(definitions);
  const conditions = conditionNames(definitions).map((name) => `#/$defs/${name}`);
  const eachField = (schema: JsonObject) => Object.fromEntries(fields.map((field) => [field, schema]));
  const fieldList = {
    type: 'array',
    items: oneOf(fields, 'Pole, które ten poziom może mieć'),
    uniqueItems: true,
    errorMessage: 'Wpisz listę nazw pól w nawiasach kwadratowych, każdą raz, np. ["phone", "email"].',
  };
  const fieldMap = {
    type: 'object',
    properties: Object.fromEntries(
      fields.map((field) => [
        field,
        {
          allOf: [{ $ref: '#/definitions/field' }],
          properties: {
            $ref: oneOf(
              (FIELD_DEFINITIONS.get(field) ?? [field])
                .filter((name) => known.includes(name))
                .map((name) => `#/$defs/${name}`),
              'Definicja pola w definitions.json',
            ),
          },
        },
      ]),
    ),
    additionalProperties: false,
    errorMessage:
      'Pola zapisuje się jako { "nazwaPola": { "$ref": "#/$defs/nazwaPola" } } — nazwy pól podpowiada Ctrl+Spacja.',
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `Formularz oświadczenia ${tier.label} (schemas/${tier.schema})`,
    description: 'Wygenerowane przez npm run schemas:build. Nie zmieniaj: zmieniaj plik poziomu.',
    type: 'object',
    additionalProperties: false,
    required: ['schema', 'uiSchema'],
    errorMessage: 'Plik poziomu ma dwie części: "schema" i "uiSchema".',
    properties: {
      $schema: { type: 'string' },
      ...comment,
      schema: {
        type: 'object',
        description: 'Jakie pola ma formularz, które są obowiązkowe i jakie warunki je pokazują.',
        additionalProperties: false,
        required: ['type', 'properties', 'required'],
        errorMessage: 'Część "schema" ma tylko "type", "properties", "required" i "allOf".',
        properties: {
          type: { const: 'object', errorMessage: 'Wpisz "object".' },
          properties: { ...fieldMap, description: 'Pola formularza: każde wskazuje swoją definicję.' },
          required: { ...fieldList, description: 'Pola obowiązkowe.' },
          allOf: {
            type: 'array',
            description: 'Warunki, np. „nie mam numeru PESEL” zamienia PESEL na datę urodzenia.',
            items: { $ref: '#/definitions/condition' },
            errorMessage: 'Wpisz listę warunków w nawiasach kwadratowych.',
          },
          ...comment,
        },
      },
      uiSchema: {
        type: 'object',
        description: 'Kolejność pól (ui:order) i zmiany ich wyglądu.',
        required: ['ui:order'],
        additionalProperties: false,
        errorMessage: 'Część "uiSchema" ma "ui:order" i wygląd pól tego poziomu.',
        properties: {
          'ui:order': { ...fieldList, description: 'Kolejność pól na stronie, od góry.' },
          ...comment,
          ...eachField({ $ref: '#/definitions/fieldUi' }),
        },
      },
    },
    definitions: {
      field: {
        type: 'object',
        required: ['$ref'],
        additionalProperties: false,
        errorMessage:
          'Pole to { "$ref": "#/$defs/nazwaPola" }, a obok najwyżej "title", "x-requiredMessage", "errorMessage" i reguły.',
        properties: {
          $ref: { type: 'string' },
          ...comment,
          description: text('Opis pola.'),
          title: words('Etykieta pola (zastępuje tę z definitions.json).'),
          'x-requiredMessage': words('Komunikat, gdy pole obowiązkowe jest puste.'),
          errorMessage: {
            type: 'object',
            description:
              'Polskie komunikaty reguł, np. { "maxLength": "Pole może mieć maksymalnie {znaki}." } ({znaki} albo {litery}: liczba z reguły).',
            additionalProperties: {
              type: 'string',
              pattern: '\\S',
              errorMessage: 'Wpisz komunikat w cudzysłowie — nie może być pusty.',
            },
            errorMessage: 'Wpisz komunikaty w nawiasach klamrowych: { "reguła": "komunikat" }.',
          },
          minLength: {
            type: 'integer',
            minimum: 0,
            errorMessage: 'Wpisz liczbę całkowitą (bez cudzysłowu).',
          },
          maxLength: {
            type: 'integer',
            minimum: 1,
            errorMessage: 'Wpisz liczbę całkowitą (bez cudzysłowu).',
          },
          minNonSpace: {
            type: 'integer',
            minimum: 1,
            errorMessage: 'Wpisz liczbę całkowitą (bez cudzysłowu).',
          },
          minLetters: {
            type: 'integer',
            minimum: 1,
            errorMessage: 'Wpisz liczbę całkowitą (bez cudzysłowu).',
          },
          pattern: text('Wzorzec (wyrażenie regularne), któremu wartość musi odpowiadać.'),
        },
      },
      condition: {
        type: 'object',
        errorMessage: 'Warunek to { "$ref": "#/$defs/nazwaWarunku" } albo "if" / "then" / "else".',
        anyOf: [
          {
            required: ['$ref'],
            additionalProperties: false,
            properties: { $ref: oneOf(conditions, 'Gotowy warunek z definitions.json'), ...comment },
          },
          {
            required: ['if'],
            additionalProperties: false,
            properties: {
              ...comment,
              if: conditionIfSchema(),
              then: { $ref: '#/definitions/branch' },
              else: { $ref: '#/definitions/branch' },
            },
          },
        ],
      },
      branch: {
        type: 'object',
        additionalProperties: false,
        errorMessage: 'Gałąź warunku ma "properties" i "required".',
        properties: { properties: fieldMap, required: fieldList, ...comment },
      },
      fieldUi: fieldUiSchema(definitions, knownWidgets),
    },
  };
}
