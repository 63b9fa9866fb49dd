import type { FromSchema } from 'json-schema-to-ts';
import { localDateTime, localTime, text, url } from './parts';

// src/content/campaign.json, draws.json and prizes.json: the campaign's calendar, its draws and its prizes
// with the tier registry. The JSON Schemas content-validation.ts checks the files with, and their types.

/**
 * When a payload field of a tier carries a value; otherwise it is null (docs/api.md#the-payload: a field the
 * form did not ask is null). The toggles are the form's 'no PESEL' and 'no ID card' boxes, and the code's
 * kind.
 */
export const PRESENCES = [
  'always',
  'withPesel',
  'withoutPesel',
  'withIdCard',
  'withoutIdCard',
  'offline',
  'never',
] as const;

export type Presence = (typeof PRESENCES)[number];

export const campaignSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'timeZone',
    'lotteryName',
    'lottery',
    'sales',
    'registration',
    'keepCodesUntil',
    'lastDraw',
    'prizesIssuedBy',
    'lotteryEnd',
    'complaints',
    'statementDeadlineDays',
    'carRegistrationWorkingDays',
    'carriers',
    'minimumPurchasePln',
    'onlineCodePrefix',
    'phases',
    'notices',
    'contact',
    'organiser',
    'links',
  ],
  properties: {
    timeZone: { const: 'Europe/Warsaw' },
    lotteryName: text,
    lottery: { $ref: '#/$defs/period' },
    sales: { $ref: '#/$defs/timedPeriod' },
    registration: { $ref: '#/$defs/timedPeriod' },
    keepCodesUntil: localTime,
    lastDraw: localTime,
    prizesIssuedBy: localTime,
    lotteryEnd: localTime,
    complaints: { $ref: '#/$defs/period' },
    statementDeadlineDays: { type: 'integer', minimum: 1 },
    /** spec §9: the car's registration formalities, in working days from its handover. */
    carRegistrationWorkingDays: { type: 'integer', minimum: 1 },
    /**
     * The carriers a parcel may be sent with ('Wysłano', import-shipments): chosen from this list, so the
     * shipped mail and the winner's page carry no text staff typed.
     */
    carriers: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', minLength: 2, maxLength: 40, pattern: '^[\\p{L}\\p{N}][\\p{L}\\p{N} .&-]*$' },
    },
    minimumPurchasePln: { type: 'number', minimum: 0 },
    onlineCodePrefix: { type: 'string', pattern: '^[A-Za-z0-9]$' },
    phases: {
      type: 'array',
      minItems: 5,
      maxItems: 5,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'start', 'end', 'banner'],
        properties: {
          id: { enum: ['beforeStart', 'active', 'saleEnded', 'registrationEnded', 'lotteryEnded'] },
          start: localTime,
          end: localTime,
          banner: { type: 'string' },
        },
      },
    },
    notices: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['start', 'end', 'message'],
        properties: { start: localTime, end: localTime, message: text },
      },
    },
    contact: {
      type: 'object',
      additionalProperties: false,
      required: ['email', 'phone', 'phoneHours', 'phoneCost', 'postalName', 'postalStreet', 'postalCity'],
      properties: {
        email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
        phone: text,
        phoneHours: text,
        phoneCost: text,
        postalName: text,
        postalStreet: text,
        postalCity: text,
      },
    },
    organiser: text,
    links: {
      type: 'object',
      additionalProperties: false,
      required: [
        'rulesPdf',
        'privacyPolicyPdf',
        'informationClausePdf',
        'responsibleGaming',
        'playOnline',
        'loyaltyProgramme',
        'video',
      ],
      properties: {
        rulesPdf: url,
        privacyPolicyPdf: url,
        informationClausePdf: url,
        responsibleGaming: url,
        playOnline: url,
        loyaltyProgramme: url,
        video: url,
      },
    },
  },
  $defs: {
    period: {
      type: 'object',
      additionalProperties: false,
      required: ['start', 'end'],
      properties: { start: localTime, end: localTime },
    },
    timedPeriod: {
      type: 'object',
      additionalProperties: false,
      required: ['start', 'end'],
      properties: { start: localDateTime, end: localDateTime },
    },
  },
} as const;

export const drawsSchema = {
  type: 'array',
  minItems: 8,
  maxItems: 8,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'title', 'date', 'order', 'startDate', 'endDate'],
    properties: {
      id: { type: 'string', pattern: '^Draw[1-8]$' },
      title: text,
      date: localTime,
      order: { type: 'integer', minimum: 1 },
      startDate: localTime,
      endDate: localTime,
    },
  },
} as const;

const prizeValue = {
  description: "The prize's value in whole złoty (gross); texts name it as {KEY.value}.",
  type: 'integer',
  minimum: 1,
} as const;
const additionalAward = {
  description:
    'spec §9: the additional cash award that pays the 10 % tax, in whole złoty: the value / 9 rounded half up.',
  type: 'integer',
  minimum: 1,
} as const;

export const prizesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['taxThreshold', 'catalogue', 'tiers'],
  properties: {
    taxThreshold: {
      description:
        'spec §9: the 10 % tax is withheld from prizes above this many złoty; prizes of at least it are registered.',
      type: 'integer',
      minimum: 1,
    },
    catalogue: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: '^[A-Z][A-Z0-9_]*$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['award', 'type', 'label', 'value'],
        properties: {
          award: text,
          type: { enum: ['draw', 'weekly', 'daily'] },
          label: text,
          value: prizeValue,
          additionalAward,
          insurance: {
            description:
              "spec §3: tier I's money for the car's third-party insurance, with its own additional award.",
            type: 'object',
            additionalProperties: false,
            required: ['value', 'additionalAward'],
            properties: { value: prizeValue, additionalAward },
          },
          transfer: {
            description:
              'A money prize: its value, in whole złoty, is transferred to the winner (docs/decisions/review.md#payout).',
            const: true,
          },
          issue: {
            description:
              'How a prize that is not money reaches its winner (docs/decisions/prize-issue.md#ways): by a parcel (sent, delivered or returned) or handed over (the car).',
            enum: ['parcel', 'handover'],
          },
        },
      },
    },
    // The tier registry: a new tier is one more entry (and its schema file and prize text).
    tiers: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'label',
          'prize',
          'path',
          'attachment',
          'count',
          'claimBy',
          'schema',
          'taxAward',
          'payload',
        ],
        properties: {
          id: { type: 'string', pattern: '^[A-Z][A-Z0-9]*$' },
          label: text,
          prize: text,
          path: { type: 'string', pattern: '^/oswiadczenie-[a-z-]+$' },
          attachment: { type: 'integer', minimum: 1 },
          count: { type: 'integer', minimum: 1 },
          claimBy: {
            description:
              'spec §7: code-claimed tiers (III, VI) post to complete-testimonial, hash tiers to draw-complete-testimonial.',
            enum: ['hash', 'code'],
          },
          schema: {
            description: "The tier's form file in schemas/.",
            type: 'string',
            pattern: '^tier-[a-z0-9-]+\\.json$',
          },
          taxAward: {
            description: 'spec §5: the tier has a tax award, so its form asks the tax consent.',
            type: 'boolean',
          },
          reserves: {
            description:
              "spec §4: the tier's prizes have reserve entries (draws), to whom a forfeited prize passes; without it a lost prize stays with the organiser.",
            type: 'boolean',
          },
          payload: {
            description:
              "The payload fields the tier sends beyond every tier's own (docs/api.md), and when each has a value; content-validation.ts names the fields a tier may list.",
            type: 'object',
            additionalProperties: { enum: PRESENCES },
          },
        },
      },
    },
  },
} as const;

export type Campaign = FromSchema<typeof campaignSchema>;
export type Phase = Campaign['phases'][number];
export type PhaseId = Phase['id'];
export type Notice = Campaign['notices'][number];
export type Draw = FromSchema<typeof drawsSchema>[number];
export type PrizesContent = FromSchema<typeof prizesSchema>;
export type Prize = PrizesContent['catalogue'][string];
