import type { StatementFormData } from '#shared/statement/generated/form-data.ts';
import { isObject, type JsonObject } from '#shared/json.ts';
import { SECTIONS, sectionOf } from '#shared/statement/sections.ts';
import { fieldTitle, requiredIn, schemaProperties, type TierForm } from '#shared/statement/tier-forms.ts';

/** One entry of the list under the submit button: a field still empty or wrong (docs/decisions/statement-page.md#missing-list). */
export interface MissingField {
  /** The field's place in the data, as the messages name it ("firstName", "consents.rules"). */
  path: string;
  /** Its name on the list: the look's `ui:shortTitle` (a consent's sentence is too long), else its label. */
  label: string;
  /** A value was given and is wrong (its field says why); else the field is still empty. */
  wrong: boolean;
}

const SECTION_ORDER = Object.keys(SECTIONS);

function valueAt(data: StatementFormData, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), data);
}

const isEmpty = (value: unknown) => value === undefined || value === '' || value === false;

/**
 * What still stands between the visitor and the submit button, in page order (section, then the tier's
 * ui:order): every field with a message (the field itself says what is wrong), and the coupon photo while one is needed and not chosen (spec §4
 * asks it only on submit, so it is on the list without keeping the button disabled). A group of consents
 * not begun yet is listed consent by consent, each by its short name.
 */
export function missingFields(
  { schema, uiSchema }: TierForm,
  messages: ReadonlyMap<string, string>,
  data: StatementFormData,
  photoMissing: boolean,
): MissingField[] {
  const properties = schemaProperties(schema);
  const ui = (path: string[]) =>
    path.reduce<JsonObject>((node, key) => (isObject(node[key]) ? node[key] : {}), uiSchema as JsonObject);
  const property = ([field, part]: string[]): unknown => {
    const top = properties.get(field!);
    return part === undefined ? top : isObject(top?.properties) ? top.properties[part] : undefined;
  };
  const labelOf = (path: string) => {
    const parts = path.split('.');
    const look = ui(parts);
    const short = look['ui:shortTitle'];
    return typeof short === 'string' && short !== '' ? short : fieldTitle(look, property(parts), path);
  };

  const entries = new Map<string, MissingField>();
  const add = (path: string) => {
    if (!entries.has(path))
      entries.set(path, { path, label: labelOf(path), wrong: !isEmpty(valueAt(data, path)) });
  };
  for (const path of messages.keys()) {
    const group = properties.get(path);
    if (group?.type === 'object' && isObject(group.properties) && valueAt(data, path) === undefined) {
      Object.keys(group.properties)
        .filter((part) => requiredIn(group, part))
        .forEach((part) => add(`${path}.${part}`));
    } else add(path);
  }
  if (photoMissing) add('file');

  const order = (uiSchema['ui:order'] as string[] | undefined) ?? [];
  const rank = (path: string) => {
    const [field, part] = path.split('.');
    const group = properties.get(field!);
    const partIndex = part && isObject(group?.properties) ? Object.keys(group.properties).indexOf(part) : 0;
    return [SECTION_ORDER.indexOf(sectionOf(uiSchema, field!)), order.indexOf(field!), partIndex];
  };
  const compare = (a: number[], b: number[]) => a.map((value, index) => value - b[index]!).find(Boolean) ?? 0;
  return [...entries.values()].sort((a, b) => compare(rank(a.path), rank(b.path)));
}

/** The id rjsf gives a field ("consents.rules" → "root_consents_rules"). */
export const fieldId = (path: string) => `root_${path.replaceAll('.', '_')}`;

/** The element a list entry moves focus to: the field's input; for the code, its first empty box. */
export function focusTargetId(path: string, data: StatementFormData): string {
  const id = fieldId(path);
  if (path !== 'code') return id;
  const filled = typeof data.code === 'string' ? data.code.length : 0;
  return filled === 0 || filled >= 11 ? id : `${id}-${filled + 1}`;
}
