import type { Tier } from '../campaign';
import { tierFormFields } from './payload';
import { SECTIONS } from './sections';
import type { JsonObject } from './tier-forms';

// The JSON Schema of one tier file of schemas/, for the editor (VS Code completes field names and
// underlines a misspelt one, in Polish: .vscode/settings.json maps it) and for `npm run schemas:check`,
// which validates the file against it first. `errorMessage` (a string) is VS Code's own keyword for a
// custom message; our check shows the same text.

/** The rule keywords a tier file may set on a field on top of its definition; each needs its message. */
export const OVERRIDABLE_RULES = ['minLength', 'maxLength', 'minNonSpace', 'pattern'] as const;

/** The keys of a field's look (ui) that a tier file may set. */
const UI_KEYS = ['ui:title', 'ui:placeholder', 'ui:help', 'ui:autocomplete', 'ui:description'];

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (description: string) => ({
  type: 'string',
  description,
  errorMessage: 'Wpisz tekst w cudzysłowie.',
});
const oneOf = (values: readonly string[], description: string) => ({ enum: values, description });

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
    errorMessage: 'Wygląd pola zapisuje się w nawiasach klamrowych, np. { "ui:placeholder": "…" }.',
    properties: {
      'ui:widget': oneOf(knownWidgets, 'Rodzaj pola'),
      'ui:section': oneOf(
        Object.keys(SECTIONS),
        Object.entries(SECTIONS)
          .map(([id, where]) => `${id}: ${where}`)
          .join('\n'),
      ),
      'ui:options': { type: 'object', errorMessage: 'Wpisz ustawienia w nawiasach klamrowych.' },
      ...Object.fromEntries(UI_KEYS.map((key) => [key, text('Tekst pola')])),
      // The parts of a group of fields (the consents) have a look of their own.
      ...Object.fromEntries(groupParts(definitions).map((part) => [part, { $ref: '#/definitions/fieldUi' }])),
    },
  };
}

export function editorSchema({ tier, definitions, knownWidgets }: EditorSchemaInput): JsonObject {
  const fields = tierFormFields(tier);
  const refs = fieldDefinitionNames(definitions).map((name) => `#/$defs/${name}`);
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
    properties: eachField({ $ref: '#/definitions/field' }),
    additionalProperties: false,
    errorMessage: 'Wpisz pola w nawiasach klamrowych: { "nazwaPola": { "$ref": "#/$defs/nazwaPola" } }.',
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
          ...eachField({ $ref: '#/definitions/fieldUi' }),
        },
      },
    },
    definitions: {
      field: {
        type: 'object',
        required: ['$ref'],
        additionalProperties: false,
        errorMessage: 'Pole wskazuje definicję: { "$ref": "#/$defs/nazwaPola" }.',
        properties: {
          $ref: oneOf(refs, 'Definicja pola w definitions.json'),
          title: text('Etykieta pola (zastępuje tę z definitions.json).'),
          'x-requiredMessage': text('Komunikat, gdy pole obowiązkowe jest puste.'),
          errorMessage: {
            type: 'object',
            description:
              'Polskie komunikaty reguł, np. { "maxLength": "Pole może mieć maksymalnie 50 znaków." }.',
            additionalProperties: { type: 'string', errorMessage: 'Wpisz komunikat w cudzysłowie.' },
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
            properties: { $ref: oneOf(conditions, 'Gotowy warunek z definitions.json') },
          },
          {
            required: ['if'],
            additionalProperties: false,
            properties: {
              if: { type: 'object' },
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
        properties: { properties: fieldMap, required: fieldList },
      },
      fieldUi: fieldUiSchema(definitions, knownWidgets),
    },
  };
}
