import type { RJSFSchema } from '@rjsf/utils';
import { COMPLAINT_FIELDS, REQUIRED_CONTENT } from '#shared/complaint/complaint-fields.ts';
import { isObject, type JsonObject } from '#shared/json.ts';
import { payloadRow, TOGGLE_FIELDS, tierPayload } from '#shared/statement/payload.ts';
import { sectionOf, type SectionId } from '#shared/statement/sections.ts';
import { fieldTitle, requiredIn, schemaProperties, type TierFile } from '#shared/statement/tier-forms.ts';
import { SHORT_TITLE_DESCRIPTION } from '#tooling/editor-schema.ts';
import {
  clearOverride,
  composed,
  definitionFor,
  homeOf,
  listOf,
  SECTION_ORDER,
  type Home,
  type StudioContext,
  type TextKey,
} from './tier-file';
import type { StudioForm } from './forms';

// The form studio's rows: what a non-developer sees of a tier file, one row per field the tier can carry,
// with its switches and texts. The switches the payload contract needs are locked here, with the reason in
// Polish.

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

/**
 * Why the contract keeps a field in the form, and why it keeps it required (docs/api.md#the-payload), in
 * plain words (one reason when it keeps both); `payload` names the values the field fills, for the technical
 * details.
 */
function contractLocks(
  { tier }: StudioForm,
  field: string,
): { visible?: string; required?: string; payload: string[] } {
  if (!tier) return complaintLocks(field);
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

/**
 * docs/decisions/complaints.md#form: the complaint's body has every field, and what a complaint must hold
 * (who, where, what happened, what they demand, the consent) stays required: what schemas:check demands
 * (complaint-fields.ts).
 */
function complaintLocks(field: string): { visible?: string; required?: string; payload: string[] } {
  if (!(COMPLAINT_FIELDS as readonly string[]).includes(field)) return { payload: [] };
  if (!REQUIRED_CONTENT.includes(field)) {
    return {
      visible: 'Organizator musi otrzymać to pole w reklamacji — dlatego jest zawsze widoczne.',
      payload: [field],
    };
  }
  const reason =
    'Bez tego pola nie wiadomo, kto składa reklamację, dokąd odpowiedzieć, co się stało albo czego żąda — ' +
    'dlatego jest zawsze widoczne i obowiązkowe.';
  return { visible: reason, required: reason, payload: [field] };
}

const CONDITIONAL =
  'To pole pokazuje warunek formularza (np. „Nie posiadam numeru PESEL”) — jego widoczność może zmienić programista.';
const FROM_DEFINITION =
  'To pole pochodzi z gotowego warunku wspólnego dla formularzy — jego obowiązkowość i komunikaty może zmienić programista.';
const HIDDEN = 'Najpierw zaznacz „Widoczne”.';
const TOGGLE =
  'Uczestnik zaznacza to pole tylko wtedy, gdy nie ma takiego numeru — nie może być obowiązkowe.';

const isConsent = (part: unknown) =>
  isObject(part) && (part.type === 'boolean' || part.$ref === '#/$defs/consent');

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
    // A group of consents (each a box to tick), or of inputs (the complaint's address).
    const consents = parts.every((part) => isConsent((property.properties as JsonObject)[part]));
    parts.forEach((part, index) => {
      const partUi = (ui[part] ?? {}) as JsonObject;
      const value = partUi['ui:title'] ?? (property.properties as JsonObject)[part];
      texts.push({
        key: `part:${part}`,
        label: consents ? `Treść zgody ${index + 1}` : `Etykieta części ${index + 1}`,
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
function candidateFields(file: TierFile, schema: RJSFSchema, { form: { tier } }: StudioContext): string[] {
  const carried = tier
    ? tierPayload(tier)
        .filter(([, presence]) => presence !== 'never')
        .flatMap(([field]) => payloadRow(field).from.map((source) => source.field.split('.')[0]!))
    : COMPLAINT_FIELDS;
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
    const locks = contractLocks(ctx.form, name);
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
