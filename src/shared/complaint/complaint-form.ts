import type { ErrorObject } from 'ajv';
import definitions from '#schemas/definitions.json';
import definitionsUi from '#schemas/definitions.ui.json';
import complaintFile from '#schemas/complaint.json';
import complaintsJson from '#content/complaints.json';
import { withFacts } from '../content/texts';
import { campaign } from '../campaign';
import { isObject, type JsonObject } from '../json';
import { firstMessagePerField } from '../statement/statement-errors';
import { composeTierForm, type TierFile, type TierForm } from '../statement/tier-forms';
import { ADDRESS_FIELDS, COMPLAINT_FIELDS } from './complaint-fields';

// docs/decisions/complaints.md#form: the complaint (reklamacja) is one more form of the engine: its fields,
// rules and Polish messages live in schemas/complaint.json (over the shared definitions), the browser's page
// and the server's check read them from here. Its properties are named as the body of POST /api/complaints
// names them (docs/api.md "Complaints"), so the form's data is the body.

/** The form as the page shows it and the server checks it. */
export const complaintForm: TierForm = composeTierForm(
  'complaint',
  complaintFile as unknown as TierFile,
  { definitions, definitionsUi },
  campaign.onlineCodePrefix,
);

/** The texts of the form's page, /reklamacja, with their campaign facts filled in. */
export const complaintPageTexts = withFacts(complaintsJson.page);

export interface ComplaintBody {
  name: string;
  surName: string;
  address: Record<(typeof ADDRESS_FIELDS)[number], string>;
  email: string;
  code: string | null;
  eventDate: string;
  description: string;
  demand: string;
  personalDataClause: true;
}

/** One problem of a form, as the statements' answers name it: the body's field (dotted) and its message. */
export interface FormProblem {
  field: string;
  message: string;
}

/** The form's data for a body: what the form would hold (no null code, no empty optional texts). */
export function complaintFormData(body: JsonObject): JsonObject {
  const address = isObject(body.address) ? body.address : undefined;
  const data: JsonObject = { ...body };
  if (data.code === null || data.code === '') delete data.code;
  if (address) {
    data.address = Object.fromEntries(Object.entries(address).filter(([, value]) => value !== ''));
  }
  return data;
}

/** The body the form sends for its data: every field present, a code not given is null, texts as typed. */
export function complaintBody(data: JsonObject): ComplaintBody {
  const address = isObject(data.address) ? data.address : {};
  return {
    ...Object.fromEntries(COMPLAINT_FIELDS.map((field) => [field, data[field]])),
    code: typeof data.code === 'string' && data.code !== '' ? data.code.toUpperCase() : null,
    address: Object.fromEntries(
      ADDRESS_FIELDS.map((field) => [field, typeof address[field] === 'string' ? address[field] : '']),
    ),
  } as unknown as ComplaintBody;
}

/** The first message of each field of the form's errors. */
export const complaintProblems = (errors: ReadonlyArray<ErrorObject>): FormProblem[] =>
  [...firstMessagePerField(errors)].map(([field, message]) => ({ field, message }));
