// Plain JSON values, as the files of schemas/ and the statement bodies are read.
export type JsonObject = { [key: string]: unknown };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `override` laid over `base`: objects merge key by key, anything else replaces. */
export const deepMerge = (base: JsonObject, override: JsonObject): JsonObject =>
  mergeInto({ ...base }, override);

/**
 * deepMerge into `target` itself (its own keys only: objects it shares with others are merged into copies),
 * for a caller that lays many objects over one it made (no copy of the whole at each).
 */
export function mergeInto(target: JsonObject, override: JsonObject): JsonObject {
  for (const [key, value] of Object.entries(override)) {
    const current = target[key];
    target[key] = isObject(current) && isObject(value) ? deepMerge(current, value) : value;
  }
  return target;
}

/** Whether two JSON values are the same, whatever the order of their objects' keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item, b[index]))
    );
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
  }
  return a === b;
}
