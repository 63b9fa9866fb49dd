// Unicode text in one form (docs/decisions/field-rules.md#nfc). Some phone keyboards type "ó" as "o" followed
// by a combining acute accent (U+0301): it looks the same, but it is another string, counts one character
// more and would be stored as such. The statement is brought to NFC (composed characters) before it is
// validated and stored, in the browser and on the server alike.

/**
 * The value with every string in it, at any depth of its objects and arrays, in Unicode NFC. Object keys
 * stay as sent: they are field names, and an unknown one must be reported as it came.
 */
export function normalizeText<T>(value: T): T {
  if (typeof value === 'string') return value.normalize('NFC') as T;
  if (Array.isArray(value)) return value.map(normalizeText) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, normalizeText(inner)])) as T;
  }
  return value;
}
