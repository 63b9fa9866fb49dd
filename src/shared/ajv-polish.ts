import type { ErrorObject } from 'ajv';
import { polishCount } from './polish-count';

// Schema and content files are edited by non-developers: ajv's English ("must have required property")
// is replaced by a Polish sentence, and the place by a JSON Pointer that names the field concerned.

const TYPE_NAMES: Record<string, string> = {
  string: 'tekstem',
  number: 'liczbą',
  integer: 'liczbą całkowitą',
  boolean: 'wartością true albo false',
  array: 'listą […]',
  object: 'obiektem {…}',
  null: 'wartością null',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'adres e-mail',
  date: 'data RRRR-MM-DD',
  time: 'godzina',
  'date-time': 'data i godzina',
  uri: 'adres internetowy',
  url: 'adres internetowy',
};

const quoted = (value: unknown) => `„${typeof value === 'string' ? value : JSON.stringify(value)}”`;

/** A value an editor wrote, in words: "tekstem „phone”", "liczbą 5", "listą […]". */
function described(value: unknown): string {
  if (typeof value === 'string') return `tekstem ${quoted(value)}`;
  if (typeof value === 'number') return `liczbą ${value}`;
  if (typeof value === 'boolean' || value === null) return `wartością ${String(value)}`;
  return Array.isArray(value) ? 'listą […]' : 'obiektem {…}';
}

/** A JSON Pointer's tokens, unescaped. */
const tokensOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));

/** What the value at a place is called: "„claimBy”", "element 3 listy „ui:order”", "wartość" (the root). */
function subjectOf(pointer: string): string {
  const tokens = tokensOf(pointer);
  const last = tokens.at(-1);
  if (last === undefined) return 'wartość';
  if (/^\d+$/.test(last) && tokens.length > 1) return `element ${Number(last) + 1} listy „${tokens.at(-2)}”`;
  return `„${last}”`;
}

/** " w „ui:order”": the list or object a place is in ('' at the root). */
function inContainer(pointer: string): string {
  const tokens = tokensOf(pointer);
  const name = [...tokens].reverse().find((token) => !/^\d+$/.test(token));
  return name === undefined ? '' : ` w „${name}”`;
}

/** How often: "dwa razy", "trzy razy", "5 razy". */
const times = (n: number) => `${['dwa', 'trzy', 'cztery'][n - 2] ?? n} razy`;

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known name nearest to `value`, however far. */
export function nearest(value: string, known: string[]): string | undefined {
  return known
    .map((name) => ({ name, distance: editDistance(value.toLowerCase(), name.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance)[0]?.name;
}

/** " — czy chodziło o „x”?" when a known name is a likely typo of `value`; short names never match. */
export function didYouMean(value: unknown, known: unknown[]): string {
  if (typeof value !== 'string') return '';
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of known) {
    if (typeof name !== 'string') continue;
    const distance = editDistance(value, name);
    if (distance < bestDistance && distance < name.length / 2) [best, bestDistance] = [name, distance];
  }
  return best === undefined ? '' : ` — czy chodziło o „${best}”?`;
}

const SHAPE_KEYWORDS = ['type', 'const', 'pattern', 'format', 'anyOf', 'oneOf', 'not'];

/** One ajv error (ajv 8; `verbose: true` for the data and the schema) as a Polish sentence. */
export function polishAjvMessage(error: ErrorObject): string {
  const { keyword, params, parentSchema } = error;
  const own = parentSchema?.errorMessage;
  // A node's own text says how the value is written; the other rules (a missing or unknown child field,
  // a value not among the allowed, a repeated one) have precise messages of their own.
  // With `verbose`, the message names the value written (ajv's data) as well as the place's name.
  const written = 'data' in error;
  const subject = subjectOf(error.instancePath);
  if (typeof own === 'string' && SHAPE_KEYWORDS.includes(keyword)) {
    return written && ['type', 'const'].includes(keyword)
      ? `${subject} jest ${described(error.data)}: ${own}`
      : own;
  }
  switch (keyword) {
    case 'required':
      return `brakuje pola „${params.missingProperty}”`;
    case 'additionalProperties': {
      const name = params.additionalProperty;
      const known = Object.keys(parentSchema?.properties ?? {});
      return `nieznane pole „${name}”${inContainer(error.instancePath)}${didYouMean(name, known)}`;
    }
    case 'type': {
      const types: string[] = [params.type].flat();
      const expected = types.map((type) => TYPE_NAMES[type] ?? type).join(' albo ');
      return `${subject} musi być ${expected}${written ? `, a jest ${described(error.data)}` : ''}`;
    }
    case 'enum': {
      const values: unknown[] = params.allowedValues;
      if (!written) return `${subject} musi mieć jedną z wartości: ${values.map(quoted).join(', ')}`;
      return (
        `${quoted(error.data)}${inContainer(error.instancePath)} nie jest jedną z wartości: ` +
        `${values.map(quoted).join(', ')}${didYouMean(error.data, values)}`
      );
    }
    case 'const':
      return `${subject} musi być ${quoted(params.allowedValue)}${written ? `, nie ${quoted(error.data)}` : ''}`;
    case 'minLength':
      return params.limit === 1
        ? 'nie może być puste'
        : `musi mieć co najmniej ${polishCount(params.limit, 'znak', 'znaki', 'znaków')}`;
    case 'maxLength':
      return `może mieć co najwyżej ${polishCount(params.limit, 'znak', 'znaki', 'znaków')}`;
    case 'minItems':
      return `musi mieć co najmniej ${polishCount(params.limit, 'element', 'elementy', 'elementów')}`;
    case 'maxItems':
      return `może mieć co najwyżej ${polishCount(params.limit, 'element', 'elementy', 'elementów')}`;
    case 'minimum':
      return `musi wynosić co najmniej ${params.limit}`;
    case 'maximum':
      return `może wynosić co najwyżej ${params.limit}`;
    case 'exclusiveMinimum':
      return `musi być większe niż ${params.limit}`;
    case 'exclusiveMaximum':
      return `musi być mniejsze niż ${params.limit}`;
    case 'pattern':
      return 'ma nieprawidłowy format';
    case 'format':
      return `ma nieprawidłowy format (${FORMAT_NAMES[params.format] ?? params.format})`;
    case 'uniqueItems': {
      const list = tokensOf(error.instancePath).at(-1);
      const where = list === undefined ? 'na liście' : `w „${list}”`;
      if (!Array.isArray(error.data)) return `ten sam element występuje ${where} więcej niż raz`;
      const items: unknown[] = error.data;
      const item = items[params.i];
      const count = items.filter((other) => JSON.stringify(other) === JSON.stringify(item)).length;
      return `${quoted(item)} występuje ${where} ${times(count)}`;
    }
    default:
      return `jest nieprawidłowe (reguła „${keyword}”)`;
  }
}

/** A name as one token of a JSON Pointer (RFC 6901). */
export const pointerToken = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1');

/** The JSON Pointer of the value concerned ('/' for the root); for a missing or unknown field, its own. */
export function polishAjvPlace(error: ErrorObject): string {
  const field =
    error.keyword === 'required'
      ? error.params.missingProperty
      : error.keyword === 'additionalProperties'
        ? error.params.additionalProperty
        : undefined;
  if (typeof field === 'string') return `${error.instancePath}/${pointerToken(field)}`;
  // A repeated item: where it is written again (ajv's i and j come in either order).
  if (error.keyword === 'uniqueItems')
    return `${error.instancePath}/${Math.max(error.params.i, error.params.j)}`;
  return error.instancePath || '/';
}

/** One line per problem, `${file}: ${place} — ${message}`, without if/then/else summaries and repeats. */
export function polishAjvProblems(file: string, errors: ErrorObject[] | null | undefined): string[] {
  const seenKeywords = new Set<string>();
  const seenMessages = new Set<string>();
  const lines: string[] = [];
  for (const error of errors ?? []) {
    // "must match "then" schema" only repeats the errors of the then/else branch reported beside it.
    if (error.keyword === 'if') continue;
    const place = polishAjvPlace(error);
    const message = polishAjvMessage(error);
    const byKeyword = `${place} ${error.keyword}`;
    const byMessage = `${place} ${message}`;
    if (seenKeywords.has(byKeyword) || seenMessages.has(byMessage)) continue;
    seenKeywords.add(byKeyword);
    seenMessages.add(byMessage);
    lines.push(`${file}: ${place} — ${message}`);
  }
  return lines;
}
