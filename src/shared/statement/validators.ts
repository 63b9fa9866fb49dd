import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { retrieveSchema } from '@rjsf/utils';
import type { TierId } from '../campaign';
import { tierForms } from './forms';
import type { StatementFormData } from './generated/form-data';

export type TierValidator = ValidatorType<StatementFormData>;

export function createTierValidator(tierId: TierId, functions: ValidatorFunctions): TierValidator {
  return createPrecompiledValidator(functions, tierForms[tierId].schema) as TierValidator;
}

/** The fields the form shows for this data: the properties of the schema once its conditions resolve. */
export function visibleFields(
  validator: TierValidator,
  schema: RJSFSchema,
  formData: StatementFormData,
): Set<string> {
  const resolved = retrieveSchema(validator, schema, schema, formData);
  return new Set(Object.keys(resolved.properties ?? {}));
}
