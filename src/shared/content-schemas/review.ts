import type { FromSchema } from 'json-schema-to-ts';
import { PAYOUT_FIELDS } from '../statement/payload';
import { text } from './parts';

const PAYOUT_COLUMNS = PAYOUT_FIELDS.length + 2;

const words = { type: 'object', additionalProperties: text } as const;

/**
 * src/content/review.json: the panel's review of statements (src/server/review). `reasons` are the grounds a
 * statement is rejected on (spec §4), each with the sentence the winner reads in the verdict e-mail and on
 * the statement page; `revealReasons` the needs a masked number or the coupon photo is shown for
 * (docs/decisions/review.md#unmasking); `fields` name what a statement holds; `findings` say what the
 * product checked.
 */
/** docs/decisions/prize-issue.md#register: the register file's columns (src/server/issue/register.ts). */
export const REGISTER_COLUMNS = 16;

export const reviewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reasons', 'revealReasons', 'fields', 'values', 'findings', 'payoutColumns', 'register'],
  properties: {
    revealReasons: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'label'],
        // Stored with each look in the audit trail: a key must never change once used.
        properties: { key: { type: 'string', pattern: '^[a-z][a-z-]{1,39}$' }, label: text },
      },
    },
    reasons: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'label', 'sentence'],
        properties: {
          // Stored with each rejection: a key must never change once used.
          key: { type: 'string', pattern: '^[a-z][a-z-]{1,39}$' },
          label: text,
          sentence: text,
        },
      },
    },
    fields: words,
    values: {
      type: 'object',
      additionalProperties: false,
      required: ['yes', 'no', 'none', 'online', 'offline'],
      properties: { yes: text, no: text, none: text, online: text, offline: text },
    },
    findings: {
      type: 'object',
      additionalProperties: false,
      required: [
        'claim',
        'inTime',
        'late',
        'reserve',
        'adult',
        'minor',
        'ageUnknown',
        'checksums',
        'sameValue',
        'noSameValue',
        'photo',
        'noPhoto',
        'photoNotAsked',
        'onlineNoPhoto',
        'drawnFor',
      ],
      properties: {
        claim: text,
        inTime: text,
        late: text,
        reserve: text,
        adult: text,
        minor: text,
        ageUnknown: text,
        checksums: text,
        sameValue: text,
        noSameValue: text,
        photo: text,
        noPhoto: text,
        photoNotAsked: text,
        onlineNoPhoto: text,
        drawnFor: text,
      },
    },
    // The transfer file's header: the reference, the payload table's payout fields (first name, surname,
    // account), the amount, in that order.
    payoutColumns: { type: 'array', minItems: PAYOUT_COLUMNS, maxItems: PAYOUT_COLUMNS, items: text },
    // docs/decisions/prize-issue.md#register: the register's header, in its columns' order, and the words of
    // its cells (the identity document's kind, a correction saying the prize is no longer issued).
    register: {
      type: 'object',
      additionalProperties: false,
      required: ['columns', 'idCard', 'passport', 'notIssued'],
      properties: {
        columns: { type: 'array', minItems: REGISTER_COLUMNS, maxItems: REGISTER_COLUMNS, items: text },
        idCard: text,
        passport: text,
        notIssued: text,
      },
    },
  },
} as const;

export type Review = FromSchema<typeof reviewSchema>;
