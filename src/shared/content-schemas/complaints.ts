import type { FromSchema } from 'json-schema-to-ts';
import { text } from './parts';

const reasons = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['key', 'label', 'sentence'],
    properties: {
      // Stored with each decision: a key must never change once used.
      key: { type: 'string', pattern: '^[a-z][a-z-]{1,39}$' },
      // What the complaints committee picks in the panel.
      label: text,
      // What the person reads in the answer.
      sentence: text,
    },
  },
} as const;

/**
 * src/content/complaints.json: the complaints desk (docs/decisions/complaints.md). `reasons` are the grounds a
 * complaint is upheld or rejected on, each with the sentence its answer carries.
 */
export const complaintsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['page', 'reasons', 'messages'],
  properties: {
    // The public form's page /reklamacja around the fields of schemas/complaint.json.
    page: {
      type: 'object',
      additionalProperties: false,
      required: [
        'title',
        'intro',
        'dataHeading',
        'clauseTitle',
        'clause',
        'submit',
        'noScript',
        'successTitle',
        'successReference',
        'successReferenceHint',
        'successDeadline',
      ],
      properties: {
        title: text,
        intro: text,
        dataHeading: text,
        clauseTitle: text,
        clause: text,
        submit: text,
        noScript: text,
        successTitle: text,
        // "{reference}": the complaint's reference, set apart as the statements' is.
        successReference: text,
        successReferenceHint: text,
        // "{deadline}": the answer's last day in words ("4 marca 2026 r.").
        successDeadline: text,
      },
    },
    // The answers of POST /api/complaints that the form's own messages (schemas/complaint.json) do not give.
    messages: {
      type: 'object',
      additionalProperties: false,
      required: [
        'unknownField',
        'notStored',
        'unknown',
        'reasonInvalid',
        'answered',
        'notDecided',
        'letterInvalid',
        'dayInvalid',
        'cannotReopen',
        'purged',
      ],
      properties: {
        unknownField: text,
        notStored: text,
        unknown: text,
        reasonInvalid: text,
        answered: text,
        notDecided: text,
        letterInvalid: text,
        dayInvalid: text,
        cannotReopen: text,
        purged: text,
      },
    },
    reasons: {
      type: 'object',
      additionalProperties: false,
      required: ['upheld', 'rejected'],
      properties: { upheld: reasons, rejected: reasons },
    },
  },
} as const;

export type Complaints = FromSchema<typeof complaintsSchema>;
