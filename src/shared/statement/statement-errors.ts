import type { ErrorObject } from 'ajv';

/**
 * The form field an ajv error belongs to, as a dotted path ("pesel", "consents.rules"). ajv reports a
 * missing property at its parent; ajv-errors keeps the original error in params.errors.
 */
export function errorFieldPath(error: Pick<ErrorObject, 'instancePath' | 'params' | 'keyword'>): string {
  const base = error.instancePath.split('/').filter(Boolean);
  const original = (error.params as { errors?: Array<Pick<ErrorObject, 'params'>> }).errors?.[0] ?? error;
  const missing = (original.params as { missingProperty?: string }).missingProperty;
  return [...base, ...(missing ? [missing] : [])].join('.');
}

/** ajv's own "must match then/else" errors repeat what the branch reported, in English: not shown. */
export function isBranchSummary(error: Pick<ErrorObject, 'keyword'>): boolean {
  return error.keyword === 'if';
}

/** The first message of each field, in the order ajv found them: the one message a field shows. */
export function firstMessagePerField(errors: ReadonlyArray<ErrorObject>): Map<string, string> {
  const messages = new Map<string, string>();
  for (const error of errors) {
    if (isBranchSummary(error)) continue;
    const path = errorFieldPath(error);
    if (!messages.has(path) && error.message) messages.set(path, error.message);
  }
  return messages;
}
