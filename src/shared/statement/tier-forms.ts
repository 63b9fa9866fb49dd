import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { prizeFacts, type TierId } from '../campaign';
import { fill } from '../content/template';
import { deepMerge, isObject, type JsonObject } from '../json';
import { fillRuleNumbers } from './rule-messages';

// Composing a tier's form from its file in schemas/ and the shared definitions. Pure functions of the
// files' contents (and of the prizes' amounts their texts name, prizes.json's): the app composes the files
// it imports (forms.ts), the schema scripts those they read.

export interface TierFile {
  schema: JsonObject;
  uiSchema: JsonObject;
}

export interface TierForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** The shared files of schemas/: field definitions and their look. */
export interface SharedDefinitions {
  definitions: { $defs: JsonObject; 'x-requiredMessage'?: string };
  definitionsUi: JsonObject;
}

/** Every property a schema can show, with its schema: of the root, of allOf and of conditions' branches. */
export function schemaProperties(
  node: unknown,
  found = new Map<string, JsonObject>(),
): Map<string, JsonObject> {
  if (!isObject(node)) return found;
  if (isObject(node.properties)) {
    for (const [name, schema] of Object.entries(node.properties)) {
      if (isObject(schema) && !found.has(name)) found.set(name, schema);
    }
  }
  if (Array.isArray(node.allOf)) node.allOf.forEach((part) => schemaProperties(part, found));
  schemaProperties(node.then, found);
  schemaProperties(node.else, found);
  return found;
}

/** A field's Polish title as the form shows it: its look's `ui:title`, else its schema's `title`. */
export function fieldTitle(ui: unknown, property: unknown, field: string): string {
  const title = [isObject(ui) && ui['ui:title'], isObject(property) && property.title].find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate !== '',
  );
  return title ?? field;
}

/** Whether a schema requires the field: at its root or in a condition's branch (an `if` only tests). */
export function requiredIn(node: unknown, field: string): boolean {
  if (!isObject(node)) return false;
  if (Array.isArray(node.required) && node.required.includes(field)) return true;
  const parts = [...(Array.isArray(node.allOf) ? node.allOf : []), node.then, node.else];
  return parts.some((part) => requiredIn(part, field));
}

function definitionOf(defs: JsonObject, propertySchema: unknown): JsonObject | undefined {
  if (!isObject(propertySchema)) return undefined;
  const ref = propertySchema.$ref;
  if (typeof ref !== 'string') return propertySchema;
  return definitionOf(defs, defs[ref.replace('#/$defs/', '')]);
}

/**
 * Gives every `required` its Polish messages (ajv-errors `errorMessage.required`), taken from the
 * `x-requiredMessage` of each property's definition, so a message is written once, next to its field.
 * `if` clauses are skipped: their errors never reach anybody.
 */
function addRequiredMessages(node: unknown, defs: JsonObject, fallback: string): unknown {
  if (Array.isArray(node)) return node.map((item) => addRequiredMessages(item, defs, fallback));
  if (!isObject(node)) return node;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    result[key] = key === 'if' ? value : addRequiredMessages(value, defs, fallback);
  }
  if (Array.isArray(node.required) && isObject(node.properties)) {
    const properties = node.properties;
    const messages: JsonObject = {};
    for (const name of node.required as string[]) {
      const message = definitionOf(defs, properties[name])?.['x-requiredMessage'];
      messages[name] = typeof message === 'string' ? message : fallback;
    }
    if (Object.keys(messages).length > 0) {
      result.errorMessage = { ...(isObject(node.errorMessage) ? node.errorMessage : {}), required: messages };
    }
  }
  return result;
}

/**
 * A field as its tier file writes it (`{ "$ref": "#/$defs/…", … }`) laid over its definition: a tier file may
 * override a definition's title, rules and messages (errorMessage merged per rule).
 */
export function withDefinition(defs: JsonObject, node: JsonObject): JsonObject {
  const { $ref, ...rest } = node;
  if (typeof $ref !== 'string') return node;
  const name = $ref.replace('#/$defs/', '');
  if (!(name in defs)) throw new Error(`Unknown definition ${$ref}`);
  return deepMerge(defs[name] as JsonObject, rest);
}

/**
 * Inlines every `#/$defs/…` reference. rjsf precompiles the `if` clauses as schemas of their own, where a
 * reference to the root's $defs would not resolve; an inlined schema is self-contained.
 */
function inlineReferences(node: unknown, defs: JsonObject): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineReferences(item, defs));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') return inlineReferences(withDefinition(defs, node), defs);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineReferences(value, defs)]));
}

/** spec §4: a code is online when its first character, lowercased, is the configured prefix. */
function onlineCodeDefinition(prefix: string): JsonObject {
  return { type: 'string', pattern: `^[${prefix.toLowerCase()}${prefix.toUpperCase()}]` };
}

/** `formId`: a tier's id, or another form of the engine's (`complaint`). */
export function composeTierSchema(
  formId: TierId | 'complaint',
  file: TierFile,
  definitions: SharedDefinitions['definitions'],
  onlinePrefix: string,
): RJSFSchema {
  const defs = { ...definitions.$defs, onlineCode: onlineCodeDefinition(onlinePrefix) };
  // spec §5: a field made required without a message of its own says 'Pole wymagane'.
  const fallback = String(definitions['x-requiredMessage'] ?? '');
  const inlined = inlineReferences({ $id: `tier${formId}`, ...file.schema }, defs);
  return fillRuleNumbers(addRequiredMessages(inlined, defs, fallback)) as RJSFSchema;
}

/** A form's texts with the prizes' amounts they name filled in: "{WINTO.additionalAward}" → "778 zł". */
function withAmounts(node: unknown): unknown {
  if (typeof node === 'string') return node.includes('{') ? fill(node, prizeFacts) : node;
  if (Array.isArray(node)) return node.map(withAmounts);
  if (isObject(node))
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withAmounts(value)]));
  return node;
}

export function composeTierUi(file: TierFile, definitionsUi: JsonObject): UiSchema {
  const { $comment: _comment, ...fieldUi } = definitionsUi;
  return withAmounts(deepMerge(fieldUi, file.uiSchema)) as UiSchema;
}

export function composeTierForm(
  formId: TierId | 'complaint',
  file: TierFile,
  shared: SharedDefinitions,
  onlinePrefix: string,
): TierForm {
  return {
    schema: composeTierSchema(formId, file, shared.definitions, onlinePrefix),
    uiSchema: composeTierUi(file, shared.definitionsUi),
  };
}
