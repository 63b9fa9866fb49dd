import { isObject, type JsonObject } from '#shared/json.ts';
import { FIELD_DEFINITIONS } from '#shared/statement/payload.ts';
import { SECTIONS, type SectionId } from '#shared/statement/sections.ts';
import { composeTierForm, type SharedDefinitions, type TierFile } from '#shared/statement/tier-forms.ts';
import type { StudioForm } from './forms';

// The form studio's places in a tier file: where a field's schema, look and texts are written, read and
// cleared. The rows (field-rows.ts) read through them and the edits (model.ts) write through them.

export interface StudioContext {
  form: StudioForm;
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
export function uiPlace(field: string, key: TextKey): [string[], string] | undefined {
  if (key === 'shortTitle') return [[field], 'ui:shortTitle'];
  if (key === 'placeholder') return [[field], 'ui:placeholder'];
  if (key === 'help') return [[field], 'ui:help'];
  if (key.startsWith('part:')) return [[field, key.slice('part:'.length)], 'ui:title'];
  if (key.startsWith('partShort:')) return [[field, key.slice('partShort:'.length)], 'ui:shortTitle'];
  return undefined;
}

export const SECTION_ORDER = Object.keys(SECTIONS) as SectionId[];

/** Where a field's schema is written in the tier file: at the top, or in a condition the file writes. */
export interface Home {
  /** The object holding the field's schema in `properties` and its name in `required`. */
  holder: JsonObject;
  conditional: boolean;
}

export function homeOf(file: TierFile, field: string): Home | undefined {
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

export const listOf = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);

/** The definition a field shown anew refers to (the consents: the set with or without the tax consent). */
export function definitionFor(field: string, { form, shared }: StudioContext): string {
  const names = FIELD_DEFINITIONS.get(field) ?? [field];
  const fitting = names.find((name) => {
    const properties = (shared.definitions.$defs[name] as JsonObject | undefined)?.properties;
    return !isObject(properties) || 'tax' in properties === (form.tier?.taxAward ?? false);
  });
  return fitting ?? names[0]!;
}

/** The form as the participant gets it, with the file's texts applied. */
export const composed = (file: TierFile, { form, shared, onlinePrefix }: StudioContext) =>
  composeTierForm(form.id, file, shared, onlinePrefix);

export const withoutItem = (list: unknown, item: string) => listOf(list).filter((entry) => entry !== item);

/** The ui entry of a field in the tier file, created on demand; emptied entries are removed. */
export function setUi(file: TierFile, path: string[], key: string, value: string | undefined) {
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

export function clearOverride(file: TierFile, field: string, key: TextKey) {
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
