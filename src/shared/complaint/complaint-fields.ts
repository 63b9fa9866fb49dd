import { isObject } from '../json';
import { requiredIn } from '../statement/tier-forms';

// docs/decisions/complaints.md#form: what the complaint form must hold, apart from the form's file, so that
// schemas:check reads the file before anything imports it.

export const COMPLAINT_SCHEMA_FILE = 'schemas/complaint.json';

/** docs/api.md "Complaints": the body's fields, in its order; `address` with its five. */
export const COMPLAINT_FIELDS = [
  'name',
  'surName',
  'address',
  'email',
  'code',
  'eventDate',
  'description',
  'demand',
  'personalDataClause',
] as const;
export const ADDRESS_FIELDS = ['city', 'postalCode', 'street', 'houseNumber', 'apartmentNumber'] as const;

/**
 * What a complaint must hold (issue 42: who, where, what happened, what they demand, and the consent): an
 * edit of schemas/complaint.json that drops one of them is refused by schemas:check.
 */
export const REQUIRED_CONTENT: readonly string[] = [
  'name',
  'surName',
  'address',
  'email',
  'eventDate',
  'description',
  'demand',
  'personalDataClause',
];

/** The problems of a complaint form file, in Polish with the file and the place; empty when it is fit. */
export function complaintFormProblems(file: unknown): string[] {
  const schema = isObject(file) && isObject(file.schema) ? file.schema : undefined;
  if (!schema) return [`${COMPLAINT_SCHEMA_FILE}: /schema — brak schematu formularza reklamacji`];
  const properties = isObject(schema.properties) ? schema.properties : {};
  const problems = COMPLAINT_FIELDS.filter((field) => !(field in properties)).map(
    (field) =>
      `${COMPLAINT_SCHEMA_FILE}: /schema/properties — brak pola „${field}”: reklamacja musi je mieć (docs/api.md, „Complaints”)`,
  );
  for (const field of REQUIRED_CONTENT) {
    if (field in properties && !requiredIn(schema, field)) {
      problems.push(
        `${COMPLAINT_SCHEMA_FILE}: /schema/required — pole „${field}” musi być obowiązkowe: bez niego nie wiadomo, kto składa reklamację, dokąd odpowiedzieć, co się stało albo czego żąda`,
      );
    }
  }
  return problems;
}
