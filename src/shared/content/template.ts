// Content texts name what is filled in as {placeholders}. The browser, the widgets and the server fill them
// the same way, and content validation knows every name a text may use: a misspelt one would be shown to
// visitors as written.

// A name may be dotted where it belongs to something: {WINTO.value}, a prize's value (#shared/prize-values.ts).
const PLACEHOLDER = /\{(\w+(?:\.\w+)*)\}/g;

/**
 * The placeholders filled where a text is shown, from what the visitor did or what the page lists (a code,
 * a chosen day, a tier, a sent statement's reference); the campaign facts (campaign-facts.ts) are the
 * others a text may name.
 */
export const RUNTIME_PLACEHOLDERS = [
  'code',
  'count',
  'coupon',
  'date',
  'start',
  'end',
  'month',
  'title',
  'tier',
  'number',
  'n',
  'address',
  'reference',
  // docs/decisions/prize-issue.md#winner-page: the parcel a prize went in.
  'carrier',
  'tracking',
];

/**
 * Fills `{name}` placeholders of a content text; an unknown placeholder stays as written. A value ending in a
 * full stop ("10 grudnia 2025 r.") before the sentence's own full stop keeps one: Polish typesetting lets an
 * abbreviation's point end the sentence ("najpóźniej {prizesIssuedBy}." never reads "r..").
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(PLACEHOLDER, (whole, key: string, offset: number) => {
    if (!Object.prototype.hasOwnProperty.call(values, key)) return whole;
    const value = String(values[key]);
    return value.endsWith('.') && template[offset + whole.length] === '.' ? value.slice(0, -1) : value;
  });
}

/** The names of a text's placeholders, in order: "{code} i {date}" → ['code', 'date']. */
export function placeholderNames(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}
