import type { RJSFSchema } from '@rjsf/utils';
import { campaign, type Tier } from '#shared/campaign.ts';
import { isObject, type JsonObject } from '#shared/json.ts';
import { FIELD_DEFINITIONS, payloadRow, TOGGLE_FIELDS, tierPayload } from '#shared/statement/payload.ts';
import { checkTierFile, type SharedFiles } from '#tooling/schema-check.ts';
import type { SchemaProblem } from '#tooling/schema-problem.ts';
import { sectionOf, SECTIONS, type SectionId } from '#shared/statement/sections.ts';
import { SHORT_TITLE_DESCRIPTION } from '#tooling/editor-schema.ts';
import {
  composeTierForm,
  fieldTitle,
  requiredIn,
  schemaProperties,
  type SharedDefinitions,
  type TierFile,
} from '#shared/statement/tier-forms.ts';
import { KNOWN_WIDGETS } from '#widgets/registry.ts';

// The form studio's edit model: what a non-developer sees of a tier file (one row per field the tier can
// carry, with its switches and texts) and each edit as a pure function from one tier file to the next.
// The switches the payload contract needs are locked here, with the reason in Polish; whatever slips past
// (a restored old version, a hand edit) is still refused by the save, which runs schemas:check.

/** Everything `npm run schemas:check` finds in a tier's file (anything parsed): the save's check and the page's. */
export function checkTier(tier: Tier, file: unknown, shared: SharedFiles): SchemaProblem[] {
  return checkTierFile({
    tier,
    file,
    shared,
    onlinePrefix: campaign.onlineCodePrefix,
    knownWidgets: KNOWN_WIDGETS,
  });
}

export interface StudioContext {
  tier: Tier;
  shared: SharedDefinitions;
  onlinePrefix: string;
}

/** A text of a field the studio edits: its label, help, placeholder, messages, a consent's wording. */
export type TextKey =
  | 'title'
  | 'shortTitle'
  | 'placeholder'
  | 'help'
  | 'requiredMessage'
  | `message:${string}`
  | `part:${string}`
  | `partShort:${string}`;

/** The ui path and key a text of the look is kept at (label and wording keys have their own rules). */
function uiPlace(field: string, key: TextKey): [string[], string] | undefined {
  if (key === 'shortTitle') return [[field], 'ui:shortTitle'];
  if (key === 'placeholder') return [[field], 'ui:placeholder'];
  if (key === 'help') return [[field], 'ui:help'];
  if (key.startsWith('part:')) return [[field, key.slice('part:'.length)], 'ui:title'];
  if (key.startsWith('partShort:')) return [[field, key.slice('partShort:'.length)], 'ui:shortTitle'];
  return undefined;
}

export interface FieldText {
  key: TextKey;
  /** What the text is, in Polish ('Etykieta', 'Tekst pomocy', …). */
  label: string;
  value: string;
  /** The text without the tier's own (what a label or a message left empty becomes); none: the tier adds it. */
  fallback?: string;
  /** Why it cannot be changed here, when it cannot. */
  lock?: string;
}

export interface FieldRow {
  name: string;
  /** The field's Polish title, as the form shows it. */
  title: string;
  section: SectionId;
  visible: boolean;
  required: boolean;
  visibleLock?: string;
  requiredLock?: string;
  /** The payload values the field fills (docs/api.md#the-payload), for the technical details. */
  payload: string[];
  canMoveUp: boolean;
  canMoveDown: boolean;
  texts: FieldText[];
}

export type Edit =
  | { kind: 'visible'; field: string; on: boolean }
  | { kind: 'required'; field: string; on: boolean }
  | { kind: 'move'; field: string; by: -1 | 1 }
  | { kind: 'text'; field: string; key: TextKey; value: string };

const RULE_LABELS: Record<string, string> = {
  type: 'Komunikat: zła wartość',
  pattern: 'Komunikat: niedozwolone znaki albo zły zapis',
  format: 'Komunikat: zły zapis',
  minLength: 'Komunikat: za krótko',
  maxLength: 'Komunikat: za długo',
  minNonSpace: 'Komunikat: za mało znaków',
  minLetters: 'Komunikat: za mało liter',
  const: 'Komunikat: pole musi być zaznaczone',
  enum: 'Komunikat: wartość spoza listy',
  pesel: 'Komunikat: błędny PESEL',
  adultByRegistrationEnd: 'Komunikat: osoba niepełnoletnia',
  polishIdCard: 'Komunikat: błędny numer dowodu',
  polishPassport: 'Komunikat: błędny numer paszportu',
  polishIban: 'Komunikat: błędny numer rachunku',
  polishBankCountry: 'Komunikat: rachunek spoza Polski',
};

const SECTION_ORDER = Object.keys(SECTIONS) as SectionId[];

/** Where a field's schema is written in the tier file: at the top, or in a condition the file writes. */
interface Home {
  /** The object holding the field's schema in `properties` and its name in `required`. */
  holder: JsonObject;
  conditional: boolean;
}

function homeOf(file: TierFile, field: string): Home | undefined {
  const holders: Array<[unknown, boolean]> = [[file.schema, false]];
  const conditions = Array.isArray(file.schema.allOf) ? file.schema.allOf : [];
  for (const condition of conditions) {
    if (isObject(condition)) holders.push([condition.then, true], [condition.else, true]);
  }
  for (const [holder, conditional] of holders) {
    if (isObject(holder) && isObject(holder.properties) && isObject(holder.properties[field])) {
      return { holder, conditional };
    }
  }
  return undefined;
}

const listOf = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);

/** The definition a field shown anew refers to (the consents: the set with or without the tax consent). */
function definitionFor(field: string, { tier, shared }: StudioContext): string {
  const names = FIELD_DEFINITIONS.get(field) ?? [field];
  const fitting = names.find((name) => {
    const properties = (shared.definitions.$defs[name] as JsonObject | undefined)?.properties;
    return !isObject(properties) || 'tax' in properties === tier.taxAward;
  });
  return fitting ?? names[0]!;
}

/**
 * Why the contract keeps a field in the form, and why it keeps it required (docs/api.md#the-payload), in
 * plain words (one reason when it keeps both); `payload` names the values the field fills, for the technical
 * details.
 */
function contractLocks(
  tier: Tier,
  field: string,
): { visible?: string; required?: string; payload: string[] } {
  const payload = new Set<string>();
  let shown = false;
  let required = false;
  let toggles = false;
  for (const [payloadField, presence] of tierPayload(tier)) {
    if (presence === 'never') continue;
    for (const source of payloadRow(payloadField).from) {
      if (source.field.split('.')[0] !== field) continue;
      payload.add(source.path);
      if (source.need === 'toggle') toggles = true;
      else if (source.need !== 'optional') shown = true;
      if (source.need === 'required') required = true;
    }
  }
  const needs = 'Organizator musi otrzymać to pole w oświadczeniu';
  const visible = required
    ? `${needs} — dlatego jest zawsze widoczne i obowiązkowe.`
    : shown
      ? `${needs} — dlatego jest zawsze widoczne.`
      : toggles
        ? 'Od tego pola zależy, czy oświadczenie zawiera numer — dlatego jest zawsze widoczne.'
        : undefined;
  return {
    ...(visible ? { visible } : {}),
    ...(required ? { required: visible } : {}),
    payload: [...payload],
  };
}

const CONDITIONAL =
  'To pole pokazuje warunek formularza (np. „Nie posiadam numeru PESEL”) — jego widoczność może zmienić programista.';
const FROM_DEFINITION =
  'To pole pochodzi z gotowego warunku wspólnego dla formularzy — jego obowiązkowość i komunikaty może zmienić programista.';
const HIDDEN = 'Najpierw zaznacz „Widoczne”.';
const TOGGLE =
  'Uczestnik zaznacza to pole tylko wtedy, gdy nie ma takiego numeru — nie może być obowiązkowe.';

/** The form as the participant gets it, with the file's texts applied. */
const composed = (file: TierFile, { tier, shared, onlinePrefix }: StudioContext) =>
  composeTierForm(tier.id, file, shared, onlinePrefix);

function textsOf(
  field: string,
  property: JsonObject,
  ui: JsonObject,
  home: Home | undefined,
  required: boolean,
  /** The message of a required field without its own (definitions.json, at the top: 'Pole wymagane'). */
  requiredFallback: string,
): FieldText[] {
  const noHome = home ? undefined : FROM_DEFINITION;
  const texts: FieldText[] = [{ key: 'title', label: 'Etykieta', value: fieldTitle(ui, property, field) }];
  if (typeof ui['ui:shortTitle'] === 'string') {
    texts.push({ key: 'shortTitle', label: SHORT_TITLE_DESCRIPTION, value: ui['ui:shortTitle'] });
  }
  if (property.type === 'object') {
    const parts = isObject(property.properties) ? Object.keys(property.properties) : [];
    parts.forEach((part, index) => {
      const partUi = (ui[part] ?? {}) as JsonObject;
      const value = partUi['ui:title'] ?? (property.properties as JsonObject)[part];
      texts.push({
        key: `part:${part}`,
        label: `Treść zgody ${index + 1}`,
        value: typeof value === 'string' ? value : String((value as JsonObject)?.title ?? ''),
      });
      if (typeof partUi['ui:shortTitle'] === 'string') {
        texts.push({
          key: `partShort:${part}`,
          label: `${SHORT_TITLE_DESCRIPTION} (zgoda ${index + 1})`,
          value: partUi['ui:shortTitle'],
        });
      }
    });
  } else {
    const widget = ui['ui:widget'];
    if (property.type === 'string' && !['CodeWidget', 'CouponPhotoWidget'].includes(String(widget))) {
      texts.push({
        key: 'placeholder',
        label: 'Podpowiedź w polu',
        value: String(ui['ui:placeholder'] ?? ''),
      });
    }
    texts.push({ key: 'help', label: 'Tekst pomocy pod polem', value: String(ui['ui:help'] ?? '') });
  }
  if (required) {
    texts.push({
      key: 'requiredMessage',
      label: 'Komunikat, gdy pole jest puste',
      value: String(property['x-requiredMessage'] ?? requiredFallback),
      ...(noHome ? { lock: noHome } : {}),
    });
  }
  const messages = isObject(property.errorMessage) ? property.errorMessage : {};
  for (const [rule, message] of Object.entries(messages)) {
    if (rule === 'required' || typeof message !== 'string') continue;
    texts.push({
      key: `message:${rule}`,
      label: RULE_LABELS[rule] ?? `Komunikat reguły „${rule}”`,
      value: message,
      ...(noHome ? { lock: noHome } : {}),
    });
  }
  return texts;
}

/**
 * The fields the studio offers for a tier: those whose payload value the tier can carry (a value that is
 * always null, like winTo's political answers, is no field to offer), and any other the file has.
 */
function candidateFields(file: TierFile, schema: RJSFSchema, { tier }: StudioContext): string[] {
  const carried = tierPayload(tier)
    .filter(([, presence]) => presence !== 'never')
    .flatMap(([field]) => payloadRow(field).from.map((source) => source.field.split('.')[0]!));
  const order = listOf(file.uiSchema['ui:order']);
  return [...new Set([...order, ...schemaProperties(schema).keys(), ...carried])];
}

/**
 * One row per field, by section and then in the file's order (fields not in the form after the rest), each
 * text with its default: its value in the file without the tier's overrides.
 */
export function fieldRows(file: TierFile, ctx: StudioContext): FieldRow[] {
  const rows = rowsOf(file, ctx);
  const bare: TierFile = structuredClone(file);
  for (const row of rows) for (const text of row.texts) clearOverride(bare, row.name, text.key);
  const defaults = rowsOf(bare, ctx);
  for (const row of rows) {
    const texts = defaults.find((candidate) => candidate.name === row.name)?.texts ?? [];
    for (const text of row.texts) {
      const fallback = texts.find((candidate) => candidate.key === text.key)?.value;
      if (fallback !== undefined) text.fallback = fallback;
    }
  }
  return rows;
}

/** The rows of fieldRows without their texts' defaults (one composition instead of two). */
export function rowsOf(file: TierFile, ctx: StudioContext): FieldRow[] {
  const { schema, uiSchema } = composed(file, ctx);
  const properties = schemaProperties(schema);
  const order = listOf(file.uiSchema['ui:order']);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const fields = candidateFields(file, schema, ctx).sort(
    (a, b) =>
      SECTION_ORDER.indexOf(sectionOf(uiSchema, a)) - SECTION_ORDER.indexOf(sectionOf(uiSchema, b)) ||
      rank(a) - rank(b),
  );
  const requiredFallback = String(ctx.shared.definitions['x-requiredMessage'] ?? '');
  const rows = fields.map((name): FieldRow => {
    const visible = properties.has(name);
    const home = homeOf(file, name);
    const definition = ctx.shared.definitions.$defs[definitionFor(name, ctx)];
    const property = (properties.get(name) ?? definition ?? {}) as JsonObject;
    const ui = (uiSchema[name] ?? {}) as JsonObject;
    const required = visible && requiredIn(schema, name);
    const texts = textsOf(name, property, ui, home, required, requiredFallback);
    const locks = contractLocks(ctx.tier, name);
    const visibleLock = visible
      ? (locks.visible ?? (home && !home.conditional ? undefined : CONDITIONAL))
      : undefined;
    const requiredLock = !visible
      ? HIDDEN
      : required
        ? (locks.required ?? (home ? undefined : FROM_DEFINITION))
        : TOGGLE_FIELDS.includes(name)
          ? TOGGLE
          : home
            ? undefined
            : FROM_DEFINITION;
    return {
      name,
      title: texts[0]!.value,
      section: sectionOf(uiSchema, name),
      visible,
      required,
      ...(visibleLock ? { visibleLock } : {}),
      ...(requiredLock ? { requiredLock } : {}),
      payload: locks.payload,
      canMoveUp: false,
      canMoveDown: false,
      texts,
    };
  });
  for (const section of SECTION_ORDER) {
    const movable = rows.filter((row) => row.section === section && order.includes(row.name));
    movable.forEach((row, index) => {
      row.canMoveUp = index > 0;
      row.canMoveDown = index < movable.length - 1;
    });
  }
  return rows;
}

/**
 * Each form field's name in Polish, as the editor shows it ('firstName' → 'Imię'), a consent's by its short
 * name ('consents.rules' → 'Akceptacja regulaminu'): what the payload table calls the values.
 */
export function fieldNames(rows: FieldRow[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const row of rows) {
    names.set(row.name, row.title);
    for (const text of row.texts) {
      const part = /^part(Short)?:(.+)$/.exec(text.key);
      // The short name, when the consent has one, replaces its wording (which comes first).
      if (part) names.set(`${row.name}.${part[2]}`, text.value);
    }
  }
  return names;
}

const withoutItem = (list: unknown, item: string) => listOf(list).filter((entry) => entry !== item);

/** The ui entry of a field in the tier file, created on demand; emptied entries are removed. */
function setUi(file: TierFile, path: string[], key: string, value: string | undefined) {
  let node = file.uiSchema;
  for (const part of path) node = (node[part] = isObject(node[part]) ? node[part] : {}) as JsonObject;
  if (value === undefined) delete node[key];
  else node[key] = value;
  // Drop the entries this left empty, innermost first.
  for (let depth = path.length; depth > 0; depth -= 1) {
    let parent = file.uiSchema;
    for (const part of path.slice(0, depth - 1)) parent = parent[part] as JsonObject;
    const last = path[depth - 1]!;
    if (isObject(parent[last]) && Object.keys(parent[last]).length === 0) delete parent[last];
  }
}

/**
 * Texts that may not be empty: a field without a label, or an error without words, helps nobody. Left
 * empty, they go back to their default; a placeholder or a help text left empty is none.
 */
export const mustHaveWords = (key: TextKey) => key !== 'placeholder' && key !== 'help';

function clearOverride(file: TierFile, field: string, key: TextKey) {
  const property = homeOf(file, field)?.holder.properties as JsonObject | undefined;
  const own = property?.[field] as JsonObject | undefined;
  const place = uiPlace(field, key);
  if (key === 'title') {
    setUi(file, [field], 'ui:title', undefined);
    if (own) delete own.title;
  } else if (place) setUi(file, ...place, undefined);
  else if (own && key === 'requiredMessage') delete own['x-requiredMessage'];
  else if (own && key.startsWith('message:') && isObject(own.errorMessage)) {
    delete own.errorMessage[key.slice('message:'.length)];
    if (Object.keys(own.errorMessage).length === 0) delete own.errorMessage;
  }
}

function setText(file: TierFile, ctx: StudioContext, field: string, key: TextKey, given: string) {
  const fallback = fieldRows(file, ctx)
    .find((row) => row.name === field)
    ?.texts.find((text) => text.key === key)?.fallback;
  const blank = given.trim() === '';
  // A label or a message emptied goes back to the default; with no default, the emptying is ignored.
  if (blank && mustHaveWords(key) && fallback === undefined) return;
  const value = blank ? (mustHaveWords(key) ? fallback! : '') : given;
  clearOverride(file, field, key);
  if (value === fallback) return;
  const { uiSchema } = composed(file, ctx);
  const home = homeOf(file, field);
  const own = (home?.holder.properties as JsonObject | undefined)?.[field] as JsonObject | undefined;
  const place = uiPlace(field, key);
  if (key === 'title') {
    // The label stays where the field's look keeps it (the consents, the political questions), else with
    // the field's schema, as schemas/README.md shows it.
    const uiTitle = isObject(uiSchema[field]) && 'ui:title' in uiSchema[field];
    if (own && !uiTitle) own.title = value;
    else setUi(file, [field], 'ui:title', value);
  } else if (place) setUi(file, ...place, value);
  else if (own && key === 'requiredMessage') own['x-requiredMessage'] = value;
  else if (own && key.startsWith('message:')) {
    own.errorMessage = {
      ...(isObject(own.errorMessage) ? own.errorMessage : {}),
      [key.slice('message:'.length)]: value,
    };
  }
}

/**
 * The empty-field message proposed for a field made required: 'Ulica jest wymagana', 'Numer lokalu jest
 * wymagany', 'Nazwisko jest wymagane'. The first word's ending guesses the gender (Polish nouns in -a and
 * -ść are mostly feminine, in -o, -e, -ę, -um neuter); the editor sees the proposal and can correct it.
 */
export function requiredMessageFor(row: Pick<FieldRow, 'title' | 'texts'>): string {
  const name = row.texts.find((text) => text.key === 'shortTitle')?.value ?? row.title;
  const first = name.split(' ')[0]!.toLowerCase();
  const ending = /(a|ść)$/.test(first) ? 'a' : /([oeę]|um)$/.test(first) ? 'e' : 'y';
  return `${name} jest wymagan${ending}`;
}

/** Where a field shown anew goes in ui:order: after the last field of its section. */
function insertInOrder(file: TierFile, ctx: StudioContext, field: string) {
  const { uiSchema } = composed(file, ctx);
  const order = withoutItem(file.uiSchema['ui:order'], field);
  const section = SECTION_ORDER.indexOf(sectionOf(uiSchema, field));
  let at = order.length;
  for (let index = order.length - 1; index >= 0; index -= 1) {
    if (SECTION_ORDER.indexOf(sectionOf(uiSchema, order[index]!)) <= section) {
      at = index + 1;
      break;
    }
    at = index;
  }
  order.splice(at, 0, field);
  file.uiSchema['ui:order'] = order;
}

/** The tier file after one edit (the file given is left as it was). */
export function applyEdit(file: TierFile, edit: Edit, ctx: StudioContext): TierFile {
  const next: TierFile = structuredClone(file);
  const { field } = edit;
  if (edit.kind === 'visible') {
    const properties = (next.schema.properties = isObject(next.schema.properties)
      ? next.schema.properties
      : {});
    if (edit.on) {
      properties[field] = { $ref: `#/$defs/${definitionFor(field, ctx)}` };
      insertInOrder(next, ctx, field);
    } else {
      delete properties[field];
      next.schema.required = withoutItem(next.schema.required, field);
      next.uiSchema['ui:order'] = withoutItem(next.uiSchema['ui:order'], field);
      delete next.uiSchema[field];
    }
  } else if (edit.kind === 'required') {
    const home = homeOf(next, field);
    const row = rowsOf(file, ctx).find((candidate) => candidate.name === field);
    if (home && row) {
      const rest = withoutItem(home.holder.required, field);
      home.holder.required = edit.on ? [...rest, field] : rest;
      // A field made required gets its own message, not the general one; made optional again, it goes.
      const own = (home.holder.properties as JsonObject)[field] as JsonObject;
      const proposal = requiredMessageFor(row);
      const general = String(ctx.shared.definitions['x-requiredMessage'] ?? '');
      const message = rowsOf(next, ctx)
        .find((candidate) => candidate.name === field)
        ?.texts.find((text) => text.key === 'requiredMessage');
      if (edit.on && message?.value === general) own['x-requiredMessage'] = proposal;
      if (!edit.on && own['x-requiredMessage'] === proposal) delete own['x-requiredMessage'];
    }
  } else if (edit.kind === 'move') {
    const rows = rowsOf(next, ctx);
    const row = rows.find((candidate) => candidate.name === field);
    const order = listOf(next.uiSchema['ui:order']);
    const neighbours = rows.filter((other) => other.section === row?.section && order.includes(other.name));
    const other = neighbours[neighbours.findIndex((candidate) => candidate.name === field) + edit.by];
    if (row && other) {
      const [from, to] = [order.indexOf(field), order.indexOf(other.name)];
      order[from] = other.name;
      order[to] = field;
      next.uiSchema['ui:order'] = [...order];
    }
  } else {
    setText(next, ctx, field, edit.key, edit.value);
  }
  return next;
}
