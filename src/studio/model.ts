import { campaign } from '#shared/campaign.ts';
import { COMPLAINT_SCHEMA_FILE, complaintFormProblems } from '#shared/complaint/complaint-fields.ts';
import { isObject, type JsonObject } from '#shared/json.ts';
import { checkTierFile, type SharedFiles } from '#tooling/schema-check.ts';
import type { SchemaProblem } from '#tooling/schema-problem.ts';
import { sectionOf } from '#shared/statement/sections.ts';
import type { TierFile } from '#shared/statement/tier-forms.ts';
import { KNOWN_WIDGETS } from '#widgets/registry.ts';
import { fieldRows, rowsOf, type FieldRow } from './field-rows';
import {
  clearOverride,
  composed,
  definitionFor,
  homeOf,
  listOf,
  SECTION_ORDER,
  setUi,
  uiPlace,
  withoutItem,
  type StudioContext,
  type TextKey,
} from './tier-file';
import type { StudioForm } from './forms';

// The form studio's edit model: each edit as a pure function from one tier file to the next, on the rows
// field-rows.ts shows. The switches the payload contract needs are locked there; whatever slips past (a
// restored old version, a hand edit) is still refused by the save, which runs schemas:check.

/**
 * Everything `npm run schemas:check` finds in a form's file (anything parsed): the save's check and the
 * page's. The complaint form's content rules are complaint-fields.ts's, its message already naming the file.
 */
export function checkForm(form: StudioForm, file: unknown, shared: SharedFiles): SchemaProblem[] {
  if (!form.tier) {
    return complaintFormProblems(file).map((problem) => ({
      file: COMPLAINT_SCHEMA_FILE,
      message: problem.slice(`${COMPLAINT_SCHEMA_FILE}: `.length),
    }));
  }
  return checkTierFile({
    tier: form.tier,
    file,
    shared,
    onlinePrefix: campaign.onlineCodePrefix,
    knownWidgets: KNOWN_WIDGETS,
  });
}

export type Edit =
  | { kind: 'visible'; field: string; on: boolean }
  | { kind: 'required'; field: string; on: boolean }
  | { kind: 'move'; field: string; by: -1 | 1 }
  | { kind: 'text'; field: string; key: TextKey; value: string };

/**
 * Texts that may not be empty: a field without a label, or an error without words, helps nobody. Left
 * empty, they go back to their default; a placeholder or a help text left empty is none.
 */
export const mustHaveWords = (key: TextKey) => key !== 'placeholder' && key !== 'help';

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
