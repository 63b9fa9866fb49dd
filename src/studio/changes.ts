import { isObject, sameJson, type JsonObject } from '#shared/json.ts';
import {
  composeTierForm,
  fieldTitle,
  requiredIn,
  schemaProperties,
  type SharedDefinitions,
  type TierFile,
  type TierForm,
} from '#shared/statement/tier-forms.ts';
import type { StudioForm } from './forms';

// A tier file's change told in words, for the studio's 'Zmiany' view and `npm run schemas:diff`. Pure: it
// runs in the browser and in node. The composed forms are compared, so what the participant sees decides:
// an override equal to the definition's own value is no change.

const CONSENTS = 'consents';
/** The texts described item by item; whatever else differs is told as one 'other' item. */
const DESCRIBED_SCHEMA_KEYS = ['title', 'x-requiredMessage'];
const DESCRIBED_UI_KEYS = ['ui:title', 'ui:help', 'ui:placeholder'];

/** One change in words, e.g. 'Ulica — teraz obowiązkowe'; a changed wording has its words marked too. */
export interface Change {
  text: string;
  /** The old and the new wording in one, word by word: the words only the old or only the new one has. */
  wording?: WordPart[];
}

export interface WordPart {
  words: string;
  change?: 'removed' | 'added';
}

export interface ChangesInput {
  form: Pick<StudioForm, 'id'>;
  /** The earlier version of the form's file; null when there is none (a new file). */
  before: TierFile | null;
  after: TierFile;
  shared: SharedDefinitions;
  onlinePrefix: string;
}

/** One Polish item per change, in the form's order, e.g. 'Ulica — teraz obowiązkowe'. */
export function describeChanges({ form, before, after, shared, onlinePrefix }: ChangesInput): Change[] {
  if (before === null) return [{ text: 'nowy plik' }];
  const fallbackMessage = String(shared.definitions['x-requiredMessage'] ?? '');
  const old = view(composeTierForm(form.id, before, shared, onlinePrefix), fallbackMessage);
  const now = view(composeTierForm(form.id, after, shared, onlinePrefix), fallbackMessage);

  const added = now.fields.filter((field) => !old.properties.has(field));
  const removed = old.fields.filter((field) => !now.properties.has(field));
  const kept = now.fields.filter((field) => old.properties.has(field));
  const requiredChanged = kept.filter((field) => old.isRequired(field) !== now.isRequired(field));
  const moved = movedFields(
    old.fields.filter((field) => now.properties.has(field)),
    kept,
  );

  const items = new Map<string, Change[]>();
  const say = (field: string, text: string | Change) =>
    items.set(field, [...(items.get(field) ?? []), typeof text === 'string' ? { text } : text]);
  for (const field of added) say(field, `${now.label(field)} — dodane do formularza`);
  for (const field of removed) say(field, `${old.label(field)} — usunięte z formularza`);
  for (const field of kept) {
    const name = now.label(field);
    const oldName = old.label(field);
    // Told under the name the reader knows ('Numer domu — etykieta „Numer budynku” (było …)'); the
    // items after it use the new one.
    if (oldName !== name) say(field, `${oldName} — etykieta „${name}” (było „${oldName}”)`);
    if (requiredChanged.includes(field)) {
      say(field, `${name} — teraz ${now.isRequired(field) ? 'obowiązkowe' : 'nieobowiązkowe'}`);
    }
    const place = moved.get(field);
    if (place !== undefined) {
      say(field, place ? `${name} przed polem „${now.label(place)}”` : `${name} na końcu formularza`);
    }
    for (const change of textChanges(old, now, field))
      say(field, { ...change, text: `${name} — ${change.text}` });
  }

  const absent = new Set([...added, ...removed]);
  const requiredAside = new Set([...absent, ...requiredChanged]);
  const other =
    !sameJson(
      schemaResidue(old.form.schema, absent, requiredAside),
      schemaResidue(now.form.schema, absent, requiredAside),
    ) || !sameJson(uiResidue(old.form.uiSchema, absent), uiResidue(now.form.uiSchema, absent));

  return [
    ...inFormOrder(old.fields, now.fields).flatMap((field) => items.get(field) ?? []),
    ...(other ? [{ text: 'inne zmiany w pliku (warunki albo reguły pól)' }] : []),
  ];
}

/** What the edits change, in words; a file the studio cannot compose still says it changed. */
export function describeChangesOrSay(input: ChangesInput): Change[] {
  try {
    return describeChanges(input);
  } catch {
    return [{ text: 'zmiany, których studio nie umie opisać' }];
  }
}

/** A changed wording as one text: 'Oświadczam, że [-zapoznałem(-am) się z-] {+przeczytałem+} Regulamin…'. */
const markedWording = (wording: WordPart[]) =>
  wording
    .map(({ words, change }) =>
      change === 'removed' ? `[-${words}-]` : change === 'added' ? `{+${words}+}` : words,
    )
    .join(' ');

/** A change as one line of text (schemas:diff): its words, and a changed wording marked. */
export const changeLine = ({ text, wording }: Change) =>
  wording ? `${text}: „${markedWording(wording)}”` : text;

/** 'IV: Ulica — teraz obowiązkowe; Adres e-mail przed polem „Numer telefonu”' */
export function summaryLine(form: Pick<StudioForm, 'label'>, items: Change[]): string {
  return `${form.label}: ${items.map(changeLine).join('; ')}`;
}

type FormView = ReturnType<typeof view>;

/** What the descriptions read of one composed form. */
function view(form: TierForm, fallbackMessage: string) {
  const properties = schemaProperties(form.schema);
  const order = (form.uiSchema['ui:order'] ?? []) as string[];
  const ui = (field: string) => (isObject(form.uiSchema[field]) ? form.uiSchema[field] : {}) as JsonObject;
  const property = (field: string) => properties.get(field) ?? {};
  return {
    form,
    properties,
    /** The form's fields in ui:order; one the order misses (the check refuses that) goes last. */
    fields: [...new Set([...order.filter((field) => properties.has(field)), ...properties.keys()])],
    ui,
    isRequired: (field: string) => requiredIn(form.schema, field),
    label: (field: string) => fieldTitle(ui(field), property(field), field),
    help: (field: string) => text(ui(field)['ui:help']),
    placeholder: (field: string) => text(ui(field)['ui:placeholder']),
    requiredMessage: (field: string) => text(property(field)['x-requiredMessage']) ?? fallbackMessage,
    ruleMessages: (field: string) => {
      const messages = property(field).errorMessage;
      return isObject(messages) ? messages : {};
    },
  };
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** lengths[i][j]: the length of the longest common subsequence of before[i..] and after[j..]. */
function commonLengths(before: string[], after: string[]): number[][] {
  const lengths = Array.from({ length: before.length + 1 }, () =>
    new Array<number>(after.length + 1).fill(0),
  );
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      lengths[i]![j] =
        before[i] === after[j]
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  return lengths;
}

/** Two wordings word by word: the words kept, and each run of words only one of them has. */
export function wordDiff(before: string, after: string): WordPart[] {
  const [old, now] = [before.split(/\s+/).filter(Boolean), after.split(/\s+/).filter(Boolean)];
  const lengths = commonLengths(old, now);
  const parts: WordPart[] = [];
  const add = (word: string, change?: WordPart['change']) => {
    const last = parts.at(-1);
    if (last && last.change === change) last.words += ` ${word}`;
    else parts.push({ words: word, ...(change ? { change } : {}) });
  };
  let [i, j] = [0, 0];
  while (i < old.length || j < now.length) {
    if (i < old.length && j < now.length && old[i] === now[j]) {
      add(old[i++]!);
      j++;
    } else if (j >= now.length || (i < old.length && lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      add(old[i++]!, 'removed');
    } else add(now[j++]!, 'added');
  }
  return parts;
}

/**
 * The fields that moved, each with the unmoved field it now stands before ('' at the end). The unmoved ones
 * are a longest common subsequence of both orders; of equally long ones, the one keeping the fields that
 * stood higher before, so a field that went up is the one told as moved.
 */
function movedFields(before: string[], after: string[]): Map<string, string> {
  const lengths = commonLengths(before, after);
  const unmoved = new Set<string>();
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    if (before[i] === after[j]) {
      unmoved.add(before[i]!);
      i++;
      j++;
    } else if (lengths[i]![j + 1]! >= lengths[i + 1]![j]!) j++;
    else i++;
  }
  const moved = new Map<string, string>();
  after.forEach((field, index) => {
    if (!unmoved.has(field)) moved.set(field, after.slice(index + 1).find((next) => unmoved.has(next)) ?? '');
  });
  return moved;
}

/** The changed texts of a field but its label: help, placeholder, messages, the consents' wording. */
function textChanges(old: FormView, now: FormView, field: string): Change[] {
  const changes: Change[] = [];
  const say = (text: string) => changes.push({ text });
  const help = now.help(field);
  if (old.help(field) !== help) say(help ? `tekst pomocy „${help}”` : 'bez tekstu pomocy');
  const placeholder = now.placeholder(field);
  if (old.placeholder(field) !== placeholder) {
    say(placeholder ? `podpowiedź w polu „${placeholder}”` : 'bez podpowiedzi w polu');
  }
  if (old.requiredMessage(field) !== now.requiredMessage(field)) {
    say(`komunikat, gdy pole jest puste: „${now.requiredMessage(field)}”`);
  }
  const oldRules = old.ruleMessages(field);
  for (const [rule, message] of Object.entries(now.ruleMessages(field))) {
    // A message dropped or added with its rule is a rule change: told by the 'other' item.
    if (typeof message === 'string' && rule in oldRules && oldRules[rule] !== message) {
      say(`komunikat błędu: „${message}”`);
    }
  }
  if (field === CONSENTS) {
    const [oldUi, nowUi] = [old.ui(field), now.ui(field)];
    const wordingOf = (partUi: unknown) => (isObject(partUi) ? text(partUi['ui:title']) : undefined);
    const nameOf = (partUi: unknown) => (isObject(partUi) ? text(partUi['ui:shortTitle']) : undefined);
    for (const part of new Set([...Object.keys(oldUi), ...Object.keys(nowUi)])) {
      if (part.startsWith('ui:')) continue;
      const [oldWording, wording] = [wordingOf(oldUi[part]), wordingOf(nowUi[part])];
      if (wording === oldWording) continue;
      // Named by its short name (the list of what is missing shows it), else by its place.
      const name = nameOf(nowUi[part]) ?? nameOf(oldUi[part]) ?? `zgoda ${part}`;
      changes.push({
        text: `treść zgody „${name}” ${wording ? 'zmieniona' : 'usunięta'}`,
        wording: wordDiff(oldWording ?? '', wording ?? ''),
      });
    }
  }
  return changes;
}

/** The new order, with each removed field after the field it followed before. */
function inFormOrder(before: string[], after: string[]): string[] {
  const order = [...after];
  before.forEach((field, index) => {
    if (order.includes(field)) return;
    const previous = before.slice(0, index).findLast((earlier) => order.includes(earlier));
    order.splice(previous === undefined ? 0 : order.indexOf(previous) + 1, 0, field);
  });
  return order;
}

/**
 * A composed schema without what the items tell: the texts and rule messages of its fields, the required
 * messages, the fields added or removed and the required-ness that changed (`requiredAside`).
 */
function schemaResidue(node: unknown, absent: Set<string>, requiredAside: Set<string>): unknown {
  if (!isObject(node)) return node;
  const residue: JsonObject = { ...node };
  if (isObject(node.properties)) {
    residue.properties = Object.fromEntries(
      Object.entries(node.properties)
        .filter(([field]) => !absent.has(field))
        .map(([field, property]) => [field, propertyResidue(property)]),
    );
  }
  if (Array.isArray(node.required)) {
    residue.required = (node.required as string[]).filter((field) => !requiredAside.has(field)).sort();
  }
  if (isObject(node.errorMessage)) {
    const { required: _required, ...rules } = node.errorMessage;
    residue.errorMessage = rules;
  }
  if (Array.isArray(node.allOf)) {
    residue.allOf = node.allOf.map((part) => schemaResidue(part, absent, requiredAside));
  }
  for (const branch of ['then', 'else']) {
    if (branch in node) residue[branch] = schemaResidue(node[branch], absent, requiredAside);
  }
  return residue;
}

/** A field's schema without its texts; of its rule messages only which rules have one. */
function propertyResidue(property: unknown): unknown {
  if (!isObject(property)) return property;
  const residue = Object.fromEntries(
    Object.entries(property).filter(([key]) => !DESCRIBED_SCHEMA_KEYS.includes(key)),
  );
  if (isObject(property.errorMessage)) {
    residue.errorMessage = Object.fromEntries(
      Object.entries(property.errorMessage).map(([rule, message]) => [
        rule,
        typeof message === 'string' ? true : message,
      ]),
    );
  }
  return residue;
}

/** A composed uiSchema without the order, the fields added or removed, and the texts the items tell. */
function uiResidue(uiSchema: JsonObject, absent: Set<string>): JsonObject {
  const residue: JsonObject = {};
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === 'ui:order' || absent.has(key)) continue;
    if (!isObject(value)) {
      residue[key] = value;
      continue;
    }
    const fieldUi = withoutTexts(value);
    if (key === CONSENTS) {
      for (const [part, partUi] of Object.entries(fieldUi)) {
        if (isObject(partUi) && !part.startsWith('ui:')) fieldUi[part] = withoutTexts(partUi);
      }
    }
    residue[key] = fieldUi;
  }
  return residue;
}

const withoutTexts = (ui: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(ui).filter(([key]) => !DESCRIBED_UI_KEYS.includes(key)));
