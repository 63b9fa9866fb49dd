import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { retrieveSchema } from '@rjsf/utils';
import type { TierId } from '../campaign';
import { isObject, type JsonObject } from '../json';
import { tierForms } from './forms';
import type { StatementFormData } from './generated/form-data';

export type TierValidator = ValidatorType<StatementFormData>;

/** A form's validator from its precompiled functions (npm run schemas:build) and its composed schema. */
export function createFormValidator(functions: ValidatorFunctions, schema: RJSFSchema): TierValidator {
  return createPrecompiledValidator(functions, schema) as TierValidator;
}

export const createTierValidator = (tierId: TierId, functions: ValidatorFunctions): TierValidator =>
  createFormValidator(functions, tierForms[tierId].schema);

const resolvedFields = (validator: TierValidator, schema: RJSFSchema, formData: StatementFormData) =>
  Object.keys(retrieveSchema(validator, schema, schema, formData).properties ?? {});

const only = (value: unknown, keys: ReadonlySet<string>): value is JsonObject =>
  isObject(value) && Object.keys(value).every((key) => keys.has(key));
const ROOT_KEYS = new Set([
  '$id',
  '$schema',
  'type',
  'title',
  'description',
  'properties',
  'required',
  'allOf',
]);
const CONDITION_KEYS = new Set(['if', 'then', 'else']);
const BRANCH_KEYS = new Set(['type', 'title', 'description', 'properties', 'required', 'errorMessage']);

/**
 * The `if`s a schema's shown fields depend on, when nothing else about the data does: its other parts have no
 * reference, no further condition, no oneOf, anyOf, dependencies or additional properties, and each allOf item
 * is a condition whose branches only add properties. retrieveSchema then gives the same fields whenever the
 * `if`s come out the same: the fields are kept per outcome. Undefined for any other schema.
 */
function conditionsOf(schema: RJSFSchema) {
  const { allOf = [], errorMessage: _messages, ...root } = schema;
  const simple =
    only(root, ROOT_KEYS) &&
    allOf.every(
      (item) =>
        only(item, CONDITION_KEYS) &&
        [item.then, item.else].every((branch) => branch === undefined || only(branch, BRANCH_KEYS)),
    );
  if (!simple) return undefined;
  return {
    ifs: allOf.map((item) => (item as { if: RJSFSchema }).if),
    fieldsByOutcome: new Map<string, readonly string[]>(),
  };
}
const conditions = new WeakMap<RJSFSchema, ReturnType<typeof conditionsOf>>();

/**
 * The fields the form shows for this data: the properties of the schema once its conditions resolve. Kept per
 * outcome of the schema's conditions where only they decide (conditionsOf): retrieveSchema, which merges the
 * whole schema anew, was most of a statement's validation (npm run bench).
 */
export function visibleFields(
  validator: TierValidator,
  schema: RJSFSchema,
  formData: StatementFormData,
): Set<string> {
  if (!conditions.has(schema)) conditions.set(schema, conditionsOf(schema));
  const known = conditions.get(schema);
  if (!known) return new Set(resolvedFields(validator, schema, formData));
  const outcome = known.ifs.map((test) => (validator.isValid(test, formData, schema) ? 1 : 0)).join('');
  let fields = known.fieldsByOutcome.get(outcome);
  if (!fields) {
    fields = resolvedFields(validator, schema, formData);
    known.fieldsByOutcome.set(outcome, fields);
  }
  return new Set(fields);
}
