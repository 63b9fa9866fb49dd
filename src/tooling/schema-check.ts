import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { RJSFSchema } from '@rjsf/utils';
import { didYouMean, nearest, pointerToken, polishAjvMessage, polishAjvPlace } from '#shared/ajv-polish.ts';
import { prizeFacts, type Tier } from '#shared/campaign.ts';
import { placeholderNames } from '#shared/content/template.ts';
import { conditionIfSchema, editorSchema, fieldUiSchema, OVERRIDABLE_RULES } from './editor-schema';
import {
  addStatementKeywords,
  STATEMENT_AJV_OPTIONS,
  STATEMENT_KEYWORD_NAMES,
} from '#shared/statement/keywords.ts';
import { ALL_FORM_FIELDS } from '#shared/statement/payload.ts';
import { contractProblems } from './contract-check';
import type { SchemaProblem } from './schema-problem';
import { ruleMessageProblems } from '#shared/statement/rule-messages.ts';
import { isObject, type JsonObject } from '#shared/json.ts';
import {
  composeTierSchema,
  composeTierUi,
  schemaProperties,
  withDefinition,
  type TierFile,
} from '#shared/statement/tier-forms.ts';

// `npm run schemas:check` (and the form studio) on the files of schemas/. Every problem is a Polish
// sentence with its file and place, for the non-developers who edit them. Pure functions of the files'
// contents: nothing here reads a file.

export interface SharedFiles {
  definitions: { $defs: JsonObject };
  definitionsUi: JsonObject;
}

export interface TierCheckInput {
  tier: Tier;
  /** The tier file as parsed (anything: this check is what finds out whether it is a tier file). */
  file: unknown;
  shared: SharedFiles;
  onlinePrefix: string;
  knownWidgets: readonly string[];
}

const DEFINITIONS = 'schemas/definitions.json';
const DEFINITIONS_UI = 'schemas/definitions.ui.json';

// Keywords that can fail: each needs its Polish message in `errorMessage` (no ajv-i18n: its Polish pack overwrites our messages).
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
  ...STATEMENT_KEYWORD_NAMES,
];

const strictAjv = () =>
  addStatementKeywords(
    new Ajv({ ...STATEMENT_AJV_OPTIONS, strict: true, strictTypes: false, logger: false, verbose: true }),
  );

/** A compile error of ajv as Polish: strict mode names a misspelt rule; anything else is described generally. */
function compileProblem(error: unknown): string {
  const unknown = /unknown keyword: "([^"]+)"/.exec(String((error as Error).message));
  return unknown
    ? `nieznana reguła „${unknown[1]}” — sprawdź pisownię (np. „maxLength”, „minLength”, „pattern”)`
    : 'reguły są zapisane nieprawidłowo i nie dają się sprawdzić — porównaj je z innymi definicjami';
}

/** Every `pattern` below `node` that is no regular expression (ajv reads them with the u flag). */
function patternProblems(file: string, node: unknown, place: string): SchemaProblem[] {
  if (Array.isArray(node))
    return node.flatMap((item, index) => patternProblems(file, item, `${place}/${index}`));
  if (!isObject(node)) return [];
  return Object.entries(node).flatMap(([key, value]): SchemaProblem[] => {
    if (key === 'pattern' && typeof value === 'string') {
      try {
        new RegExp(value, 'u');
        return [];
      } catch {
        return [
          {
            file,
            place: `${place}/pattern`,
            message: `wzorzec „${value}” nie jest poprawnym wyrażeniem regularnym`,
          },
        ];
      }
    }
    return patternProblems(file, value, `${place}/${pointerToken(key)}`);
  });
}

/** Rules without their Polish message in errorMessage, below `node`. */
function missingMessages(node: JsonObject): string[] {
  const messages = isObject(node.errorMessage) ? node.errorMessage : {};
  return MESSAGE_KEYWORDS.filter(
    (keyword) =>
      keyword in node &&
      !(keyword === 'type' && node.type === 'object') &&
      typeof messages[keyword] !== 'string',
  );
}

const noMessage = (keyword: string) =>
  `reguła „${keyword}” nie ma polskiego komunikatu — dopisz go w „errorMessage” jako "${keyword}": "…"`;

/** schemas/definitions.json and schemas/definitions.ui.json: each definition valid and with its messages. */
export function checkSharedFiles(
  definitions: unknown,
  definitionsUi: unknown,
  knownWidgets: readonly string[],
): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (!isObject(definitions) || !isObject(definitions.$defs)) {
    return [{ file: DEFINITIONS, place: '/', message: 'plik musi mieć część "$defs" z definicjami pól' }];
  }
  if (typeof definitions['x-requiredMessage'] !== 'string') {
    problems.push({
      file: DEFINITIONS,
      place: '/x-requiredMessage',
      message: 'brakuje ogólnego komunikatu dla pola obowiązkowego (spec §5: "Pole wymagane")',
    });
  }
  const ajv = strictAjv();
  const shared = definitions as SharedFiles['definitions'];
  const defs = { ...shared.$defs, onlineCode: { type: 'string' } };
  const conditionIf = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(conditionIfSchema());
  for (const [name, definition] of Object.entries(definitions.$defs)) {
    const place = `/$defs/${name}`;
    if (!isObject(definition)) {
      problems.push({ file: DEFINITIONS, place, message: 'definicja musi być obiektem { … }' });
      continue;
    }
    const badPatterns = patternProblems(DEFINITIONS, definition, place);
    if (badPatterns.length > 0) {
      problems.push(...badPatterns);
      continue;
    }
    if ('if' in definition && !conditionIf(definition.if)) {
      problems.push(...ajvProblems(DEFINITIONS, conditionIf.errors, () => undefined, `${place}/if`));
      continue;
    }
    if (!ajv.validateSchema(definition)) {
      for (const error of ajv.errors ?? []) {
        problems.push({
          file: DEFINITIONS,
          place: `${place}${error.instancePath}`,
          message: polishAjvMessage(error),
        });
      }
      continue;
    }
    try {
      ajv.compile({ $defs: defs, $ref: `#/$defs/${name}` });
    } catch (error) {
      problems.push({ file: DEFINITIONS, place, message: compileProblem(error) });
      continue;
    }
    for (const keyword of missingMessages(definition)) {
      problems.push({ file: DEFINITIONS, place: `${place}/errorMessage`, message: noMessage(keyword) });
    }
    for (const { rule, message } of ruleMessageProblems(definition)) {
      problems.push({ file: DEFINITIONS, place: `${place}/errorMessage/${pointerToken(rule)}`, message });
    }
  }

  if (!isObject(definitionsUi)) {
    return [...problems, { file: DEFINITIONS_UI, place: '/', message: 'plik musi być obiektem { … }' }];
  }
  const validateUi = new Ajv({ allErrors: true, strict: false, verbose: true }).compile({
    type: 'object',
    properties: { $comment: { type: 'string' } },
    additionalProperties: { $ref: '#/definitions/fieldUi' },
    definitions: { fieldUi: fieldUiSchema(shared, knownWidgets) },
  });
  if (!validateUi(definitionsUi)) {
    problems.push(...ajvProblems(DEFINITIONS_UI, validateUi.errors, (place) => place.split('/')[1]));
  }
  return problems;
}

/** The form field a place in a tier file concerns, if any. */
function fieldAt(place: string, data: unknown): string | undefined {
  const parts = place.split('/').slice(1);
  const fieldList = ['required', 'ui:order'].includes(parts.at(-2) ?? '');
  if (fieldList && typeof data === 'string') return data;
  const at = parts.lastIndexOf('properties');
  if (at !== -1 && parts[at + 1]) return parts[at + 1];
  if (parts[0] === 'uiSchema' && parts[1] && parts[1] !== 'ui:order') return parts[1];
  return undefined;
}

const notSent = (field: string) =>
  `pola „${field}” ten poziom nie wysyła do serwera (docs/api.md) — o takie pole poproś programistę`;

/** Where a name stands for a form field: a key of a field map, or an item of a list of fields. */
function namesField(error: ErrorObject, place: string): boolean {
  const parent = place.split('/').slice(0, -1);
  if (error.keyword === 'enum') return ['required', 'ui:order'].includes(parent.at(-1) ?? '');
  return parent.join('/') === '/uiSchema' || parent.at(-1) === 'properties';
}

const DEFINITION = '#/$defs/';

/** A field's `$ref` to a definition it may not have: what the name is, and what to write instead. */
function wrongDefinition(written: string, allowed: string[], definitions: string[]): string {
  const name = written.startsWith(DEFINITION) ? written.slice(DEFINITION.length) : written;
  const names = allowed.map((ref) => ref.slice(DEFINITION.length));
  const what = definitions.includes(name)
    ? `„${name}” to definicja innego pola`
    : `„${name}” nie jest definicją z definitions.json`;
  const choice = names.map((option) => `„${option}”`).join(' albo ');
  return `${what} — to pole ma definicję ${choice}: wpisz "${DEFINITION}${nearest(name, names)}"`;
}

function ajvProblems(
  file: string,
  errors: ErrorObject[] | null | undefined,
  fieldOf: (place: string, data: unknown) => string | undefined,
  prefix = '',
  definitions: string[] = [],
): SchemaProblem[] {
  const seen = new Set<string>();
  const all = errors ?? [];
  // A choice with its own message (a condition's `if`) is told once, not by each of its branches.
  const explained = all
    .filter((error) => error.keyword === 'anyOf' && error.parentSchema?.errorMessage)
    .map((error) => error.instancePath);
  return all.flatMap((error): SchemaProblem[] => {
    if (['if', 'anyOf'].includes(error.keyword) && !error.parentSchema?.errorMessage) return [];
    const under = (path: string) =>
      error.keyword === 'anyOf'
        ? path.startsWith(`${error.instancePath}/`)
        : error.instancePath.startsWith(path);
    if (explained.some(under)) return [];
    const own = polishAjvPlace(error);
    const place = prefix && own === '/' ? prefix : `${prefix}${own}`;
    const offending =
      error.keyword === 'additionalProperties'
        ? String(error.params.additionalProperty)
        : error.keyword === 'enum' && typeof error.data === 'string'
          ? error.data
          : undefined;
    // A field of another tier's form is no typo: the contract does not let this tier send it.
    const foreign = offending !== undefined && ALL_FORM_FIELDS.has(offending) && namesField(error, place);
    const definition = error.keyword === 'enum' && place.endsWith('/$ref') && typeof error.data === 'string';
    const message = foreign
      ? notSent(offending!)
      : definition
        ? wrongDefinition(error.data as string, error.params.allowedValues as string[], definitions)
        : polishAjvMessage(error);
    const key = `${place}|${message}`;
    if (seen.has(key)) return [];
    seen.add(key);
    // A repeated item of a list is named by the item (a field written twice in ui:order).
    const named = error.keyword === 'uniqueItems' ? (error.data as unknown[])[error.params.i] : error.data;
    const field = fieldOf(place, named);
    return [{ file, place, ...(field ? { field } : {}), message }];
  });
}

// The editor schema of a tier, compiled once per definitions file (the studio checks on every edit).
const shapeValidators = new WeakMap<object, Map<string, ValidateFunction>>();

function shapeValidator(
  tier: Tier,
  definitions: SharedFiles['definitions'],
  knownWidgets: readonly string[],
) {
  const byTier = shapeValidators.get(definitions) ?? new Map<string, ValidateFunction>();
  shapeValidators.set(definitions, byTier);
  const key = `${tier.id}|${knownWidgets.join()}`;
  let validate = byTier.get(key);
  if (!validate) {
    validate = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(
      editorSchema({ tier, definitions, knownWidgets }),
    );
    byTier.set(key, validate);
  }
  return validate;
}

/** Each field a tier file writes, with its place: at the top, and in the branches of its conditions. */
function writtenFields(schema: JsonObject): Array<[string, JsonObject, string]> {
  const holders: Array<[unknown, string]> = [[schema, '/schema']];
  const conditions = Array.isArray(schema.allOf) ? schema.allOf : [];
  conditions.forEach((condition, index) => {
    if (!isObject(condition)) return;
    holders.push(
      [condition.then, `/schema/allOf/${index}/then`],
      [condition.else, `/schema/allOf/${index}/else`],
    );
  });
  return holders.flatMap(([holder, at]) =>
    isObject(holder) && isObject(holder.properties)
      ? Object.entries(holder.properties)
          .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
          .map(([field, property]): [string, JsonObject, string] => [
            field,
            property,
            `${at}/properties/${pointerToken(field)}`,
          ])
      : [],
  );
}

/** Every problem of one tier file; [] means fine. */
export function checkTierFile({
  tier,
  file: content,
  shared,
  onlinePrefix,
  knownWidgets,
}: TierCheckInput): SchemaProblem[] {
  const file = `schemas/${tier.schema}`;
  const validateShape = shapeValidator(tier, shared.definitions, knownWidgets);
  if (!validateShape(content)) {
    return ajvProblems(file, validateShape.errors, fieldAt, '', Object.keys(shared.definitions.$defs));
  }
  const tierFile = content as TierFile;
  const badPatterns = patternProblems(file, tierFile, '');
  if (badPatterns.length > 0) {
    return badPatterns.map((problem) => {
      const field = fieldAt(problem.place!, undefined);
      return field ? { ...problem, field } : problem;
    });
  }

  const problems: SchemaProblem[] = [];
  let schema: RJSFSchema;
  try {
    schema = composeTierSchema(tier.id, tierFile, shared.definitions, onlinePrefix);
    strictAjv().compile(schema);
  } catch (error) {
    return [{ file, place: '/schema', message: compileProblem(error) }];
  }
  const uiSchema = composeTierUi(tierFile, shared.definitionsUi);
  const label = (field: string) => {
    const [top, part] = field.split('.') as [string, string | undefined];
    const properties = schema.properties as Record<string, JsonObject> | undefined;
    const ui = (uiSchema[top] ?? {}) as JsonObject;
    if (part) return String(((ui[part] ?? {}) as JsonObject)['ui:title'] ?? field);
    const definition = shared.definitions.$defs[top];
    return String(
      properties?.[top]?.title ?? ui['ui:title'] ?? (definition as JsonObject | undefined)?.title ?? top,
    );
  };

  // Rules the tier file adds to a field need their message too, and a message must state its rule's number
  // (the definitions' own are checked there).
  const composed = schemaProperties(schema);
  for (const [field, property, place] of writtenFields(tierFile.schema)) {
    const added = (keyword: string) =>
      keyword in property && (OVERRIDABLE_RULES as readonly string[]).includes(keyword);
    for (const keyword of missingMessages(composed.get(field) ?? {}).filter(added)) {
      problems.push({ file, place, field, message: noMessage(keyword) });
    }
    const own = isObject(property.errorMessage) ? property.errorMessage : {};
    const merged = withDefinition(shared.definitions.$defs, property);
    for (const { rule, message } of ruleMessageProblems(merged)) {
      if (rule in property || rule in own) problems.push({ file, place, field, message });
    }
  }

  const names = new Set(schemaProperties(schema).keys());
  const order = (tierFile.uiSchema['ui:order'] as string[]) ?? [];
  for (const name of names) {
    if (!order.includes(name)) {
      problems.push({
        file,
        place: '/uiSchema/ui:order',
        field: name,
        message: `pola brakuje w „ui:order” — dopisz je tam, gdzie ma się pojawić`,
      });
    }
  }
  order.forEach((name, index) => {
    if (!names.has(name)) {
      problems.push({
        file,
        place: `/uiSchema/ui:order/${index}`,
        field: name,
        message:
          '„ui:order” wymienia pole, którego ten formularz nie ma — usuń je stąd albo dodaj do "properties"',
      });
    }
  });
  return [
    ...problems,
    ...amountProblems(file, tierFile.uiSchema, '/uiSchema'),
    ...contractProblems({ tier, schema, onlinePrefix, label }, file),
  ];
}

/**
 * A form's texts name prize amounts as {placeholders} (#shared/prize-values.ts), filled from prizes.json;
 * a name nothing fills would be shown to the winner as written.
 */
function amountProblems(file: string, ui: unknown, place: string): SchemaProblem[] {
  if (typeof ui === 'string') {
    const known = Object.keys(prizeFacts).map((name) => `{${name}}`);
    return placeholderNames(ui)
      .filter((name) => !Object.hasOwn(prizeFacts, name))
      .map((name) => ({
        file,
        place,
        message: `nieznana nazwa w klamrach „{${name}}”${didYouMean(`{${name}}`, known) || ' — tekst formularza może podać tylko kwotę nagrody z src/content/prizes.json, np. {WINTO.additionalAward} (nazwy wymienia src/content/README.md)'}`,
      }));
  }
  if (!isObject(ui) && !Array.isArray(ui)) return [];
  return Object.entries(ui).flatMap(([key, value]) =>
    amountProblems(file, value, `${place}/${pointerToken(key)}`),
  );
}
