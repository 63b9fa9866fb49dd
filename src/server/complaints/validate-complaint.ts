import type { ErrorObject } from 'ajv';
import complaintTexts from '#content/complaints.json';
import messages from '#content/statement-messages.json';
import { ADDRESS_FIELDS, COMPLAINT_FIELDS } from '#shared/complaint/complaint-fields.ts';
import {
  complaintBody,
  complaintForm,
  complaintFormData,
  complaintProblems,
  type ComplaintBody,
  type FormProblem,
} from '#shared/complaint/complaint-form.ts';
import { isObject, type JsonObject } from '#shared/json.ts';
import { normalizeText } from '#shared/normalize-text.ts';
import { runtimeValidator } from '#shared/statement/keywords.ts';

// docs/decisions/complaints.md#form: the server's check of a complaint's body. The shape of docs/api.md
// "Complaints" (every field present, nothing else, no type coercion), then the form's own schema and Polish
// messages (schemas/complaint.json), as the browser checks them.

export type ComplaintVerdict = { ok: true; body: ComplaintBody } | { ok: false; problems: FormProblem[] };

const validator = runtimeValidator();

type Kind = 'text' | 'optionalText' | 'boolean';
const KINDS: Record<(typeof COMPLAINT_FIELDS)[number], Kind | 'address'> = {
  name: 'text',
  surName: 'text',
  address: 'address',
  email: 'text',
  code: 'optionalText',
  eventDate: 'text',
  description: 'text',
  demand: 'text',
  personalDataClause: 'boolean',
};

function typeProblem(field: string, value: unknown, kind: Kind): FormProblem | undefined {
  const fits =
    kind === 'boolean'
      ? typeof value === 'boolean'
      : typeof value === 'string' || (kind === 'optionalText' && value === null);
  return fits ? undefined : { field, message: messages.wrongType };
}

/** The shape's problems: fields missing, unknown or of the wrong type (one per field). */
function shapeProblems(body: JsonObject): FormProblem[] {
  const problems: FormProblem[] = Object.keys(body)
    .filter((field) => !(COMPLAINT_FIELDS as readonly string[]).includes(field))
    .map((field) => ({ field, message: complaintTexts.messages.unknownField }));
  for (const field of COMPLAINT_FIELDS) {
    const kind = KINDS[field];
    if (!(field in body)) problems.push({ field, message: messages.missingField });
    else if (kind === 'address') {
      const address = body.address;
      if (!isObject(address)) {
        problems.push({ field, message: messages.wrongType });
        continue;
      }
      for (const extra of Object.keys(address).filter(
        (key) => !(ADDRESS_FIELDS as readonly string[]).includes(key),
      ))
        problems.push({ field: `address.${extra}`, message: complaintTexts.messages.unknownField });
      for (const part of ADDRESS_FIELDS) {
        const at = `address.${part}`;
        if (!(part in address)) problems.push({ field: at, message: messages.missingField });
        else {
          const problem = typeProblem(at, address[part], 'text');
          if (problem) problems.push(problem);
        }
      }
    } else {
      const problem = typeProblem(field, body[field], kind);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/**
 * Checks a complaint's body. Texts are taken in Unicode NFC, as the browser sends them. Every problem is
 * listed, one per field: the shape's first, then the form's rules on the fields whose shape is right.
 */
export function validateComplaint(sent: unknown): ComplaintVerdict {
  const body = normalizeText(sent);
  if (!isObject(body)) return { ok: false, problems: [{ field: 'body', message: messages.invalidBody }] };
  const problems = shapeProblems(body);
  const reported = (field: string) => problems.some((problem) => problem.field === field);
  const { errors } = validator.rawValidation(complaintForm.schema, complaintFormData(body));
  for (const problem of complaintProblems((errors ?? []) as ErrorObject[])) {
    // The root's "no other fields" is the shape's, told per field above.
    if (problem.field === '') continue;
    if (!reported(problem.field) && !reported(problem.field.split('.')[0]!)) problems.push(problem);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, body: complaintBody(body) };
}
