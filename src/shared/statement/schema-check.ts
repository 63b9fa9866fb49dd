import { Ajv } from 'ajv';
import type { Tier } from '../campaign';
import { addStatementKeywords, STATEMENT_AJV_OPTIONS } from './keywords';
import { PAYLOAD_PATH_OF_FORM_FIELD, payloadFields, type PayloadField } from './payload';
import {
  composeTierSchema,
  composeTierUi,
  type JsonObject,
  type SharedDefinitions,
  type TierFile,
} from './tier-forms';

/** What one tier's check reads: the registry entry, its file as read, the shared files. */
export interface TierCheckInput {
  tier: Tier;
  file: TierFile;
  shared: SharedDefinitions;
  onlinePrefix: string;
  knownWidgets: readonly string[];
}

// Keywords that can fail: each needs its Polish message in `errorMessage` (ARCHITECTURE: no ajv-i18n).
const MESSAGE_KEYWORDS = [
  'type',
  'const',
  'enum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minNonSpace',
  'pesel',
  'polishIdCard',
  'polishPassport',
  'polishIban',
  'polishBankCountry',
  'calendarDate',
  'emailAddress',
];

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function missingMessages(node: unknown, path: string, problems: string[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => missingMessages(item, `${path}/${index}`, problems));
    return;
  }
  if (!isObject(node)) return;
  const messages = isObject(node.errorMessage) ? node.errorMessage : {};
  for (const keyword of MESSAGE_KEYWORDS) {
    if (!(keyword in node) || (keyword === 'type' && node.type === 'object')) continue;
    if (typeof messages[keyword] !== 'string') problems.push(`${path}: no Polish message for "${keyword}"`);
  }
  const requiredMessages = isObject(messages.required) ? messages.required : {};
  for (const name of Array.isArray(node.required) ? (node.required as string[]) : []) {
    if (typeof requiredMessages[name] !== 'string') {
      problems.push(
        `${path}: no Polish message for required "${name}" (x-requiredMessage in its definition)`,
      );
    }
  }
  if (isObject(node.properties)) {
    for (const [name, value] of Object.entries(node.properties)) {
      missingMessages(value, `${path}/properties/${name}`, problems);
    }
  }
  for (const key of ['allOf', 'anyOf', 'oneOf', 'then', 'else', 'items']) {
    if (key in node) missingMessages(node[key], `${path}/${key}`, problems);
  }
}

function propertyNames(node: unknown, names = new Set<string>()): Set<string> {
  if (!isObject(node)) return names;
  if (isObject(node.properties)) Object.keys(node.properties).forEach((name) => names.add(name));
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((item) => propertyNames(item, names));
  }
  propertyNames(node.then, names);
  propertyNames(node.else, names);
  return names;
}

function widgetNames(node: unknown, names: string[] = []): string[] {
  if (!isObject(node)) return names;
  if (typeof node['ui:widget'] === 'string') names.push(node['ui:widget']);
  Object.values(node).forEach((value) => widgetNames(value, names));
  return names;
}

/** Every problem of one tier's schema files, each starting with the file's name; [] means fine. */
export function checkTierSchema({
  tier,
  file: tierFile,
  shared,
  onlinePrefix,
  knownWidgets,
}: TierCheckInput): string[] {
  const file = `schemas/${tier.schema}`;
  const problems: string[] = [];
  let schema;
  try {
    schema = composeTierSchema(tier.id, tierFile, shared.definitions, onlinePrefix);
  } catch (error) {
    return [`${file}: ${(error as Error).message}`];
  }
  try {
    addStatementKeywords(new Ajv({ ...STATEMENT_AJV_OPTIONS, strict: true, logger: false })).compile(schema);
  } catch (error) {
    problems.push(`${file}: invalid JSON Schema: ${(error as Error).message}`);
  }
  missingMessages(schema, file, problems);

  const uiSchema = composeTierUi(tierFile, shared.definitionsUi);
  const order = (uiSchema['ui:order'] as string[] | undefined) ?? [];
  for (const name of propertyNames(schema)) {
    if (!order.includes(name) && !order.includes('*'))
      problems.push(`${file}: "${name}" is missing from ui:order`);
  }
  for (const name of propertyNames(schema)) {
    // A field outside the tier's payload (shared/API.md) would be shown but never reach the server.
    const sent = PAYLOAD_PATH_OF_FORM_FIELD.get(name)?.split('.')[0] as PayloadField | undefined;
    if (sent && !payloadFields(tier).includes(sent)) {
      problems.push(`${file}: "${name}" is not sent for this tier (shared/API.md): ask a developer`);
    }
  }
  for (const widget of widgetNames(uiSchema)) {
    if (!knownWidgets.includes(widget)) problems.push(`${file}: unknown widget "${widget}"`);
  }
  return problems;
}
