import type { FromSchema } from 'json-schema-to-ts';

/**
 * The content files' shapes (src/content/campaign.json, draws.json, prizes.json, faq.json, rules.json,
 * mail.json), declared once: the JSON Schemas that content-validation.ts checks the files with, and the
 * TypeScript types derived from them.
 */

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

// Content files are edited by non-developers: every problem is reported with the file and the field.
const localTime = {
  type: 'string',
  format: 'warsawLocalTime',
  errorMessage: 'wpisz datę jako "RRRR-MM-DD" albo datę i godzinę jako "RRRR-MM-DDTGG:MM:SS" (czas polski)',
} as const;
// Sales and registration open and close at a clock time the texts print ("od godz. 6:30"): give it.
const localDateTime = {
  ...localTime,
  pattern: 'T\\d{2}:\\d{2}:\\d{2}$',
  errorMessage: 'wpisz datę i godzinę jako "RRRR-MM-DDTGG:MM:SS" (czas polski): teksty podają godzinę',
} as const;
const text = { type: 'string', minLength: 1 } as const;
const url = {
  type: 'string',
  pattern: '^https://',
  errorMessage: 'wpisz pełny adres zaczynający się od https://',
} as const;

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

export const prizesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['catalogue', 'tiers'],
  properties: {
    catalogue: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: '^[A-Z][A-Z0-9_]*$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['award', 'type', 'label'],
        properties: {
          award: text,
          type: { enum: ['draw', 'weekly', 'daily'] },
          label: text,
          transfer: {
            description:
              'A money prize: the whole złoty transferred to the winner (docs/decisions/review.md#payout); the award text shows it.',
            type: 'integer',
            minimum: 1,
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

const texts = { type: 'array', items: text } as const;

/** One FAQ answer (spec §3 "FAQ item"): its kind decides which of the parts it shows. */
const faqItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'title'],
  properties: {
    id: text,
    type: { enum: ['standard', 'list', 'nestedList', 'table'] },
    title: text,
    content: { type: 'string' },
    boldedContent: texts,
    list: texts,
    nestedList: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['listItemIndex', 'list'],
        properties: {
          listItemIndex: { type: 'integer', minimum: 0 },
          list: { ...texts, minItems: 1 },
          exitContent: { type: 'string' },
        },
      },
    },
    exitContent: { type: 'string' },
    links: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'href'],
        properties: { value: text, href: text },
      },
    },
    // "rowsFrom": "draws" fills the rows from draws.json instead of writing them twice.
    table: {
      type: 'object',
      additionalProperties: false,
      required: ['headers'],
      properties: {
        headers: { ...texts, minItems: 1 },
        rows: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        rowsFrom: { const: 'draws' },
      },
    },
  },
} as const;

export const faqSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['groups'],
  properties: {
    groups: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'title', 'items'],
        properties: { id: text, title: text, items: { type: 'array', minItems: 1, items: faqItemSchema } },
      },
    },
  },
} as const;

export const rulesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['intro', 'lists', 'note', 'noteBold'],
  properties: {
    intro: text,
    lists: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'steps'],
        properties: { title: text, steps: { ...texts, minItems: 1 } },
      },
    },
    note: text,
    noteBold: texts,
  },
} as const;

/** Lines of an e-mail shown one under another (src/content/mail.json: a message's details, the footer). */
const lines = { type: 'array', minItems: 1, items: text } as const;
/** A message's subject, heading and intro, where a variant of it (the last day, a reserve) replaces them. */
const opening = {
  type: 'object',
  additionalProperties: false,
  required: ['subject', 'heading', 'intro'],
  properties: { subject: text, heading: text, intro: text },
} as const;

/**
 * src/content/mail.json: the texts of the e-mails to winners and to staff (src/server/mail/compose.ts). Every part is
 * required: a message missing one would go out with a hole in it. Which {placeholders} each part may use is
 * content-validation.ts's check (MAIL_PLACEHOLDERS).
 */
export const mailSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'tierName',
    'link',
    'reminder',
    'claim',
    'received',
    'verdict',
    'invitation',
    'staffRecovery',
    'passkeyChanged',
    'staffFooter',
    'footer',
  ],
  properties: {
    // How a tier is named in a sentence: "nagroda III stopnia", but "nagroda WinTo!".
    tierName: {
      type: 'object',
      additionalProperties: false,
      required: ['numbered', 'named'],
      properties: { numbered: text, named: text },
    },
    link: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'details', 'reserve'],
      properties: {
        subject: text,
        heading: text,
        intro: text,
        details: lines,
        // A prize passed to a reserve entry: its link mail replaces these three.
        reserve: opening,
      },
    },
    reminder: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'details', 'sentByPost', 'final'],
      properties: {
        subject: text,
        heading: text,
        intro: text,
        details: lines,
        sentByPost: text,
        // The reminder on the deadline's own day replaces these three.
        final: opening,
      },
    },
    // How to claim, in the link and in the reminders: by the link's hash, or by the code and its contact.
    claim: {
      type: 'object',
      additionalProperties: false,
      required: ['byLink', 'byCode', 'linkHint'],
      properties: {
        byLink: { $ref: '#/$defs/claimWay' },
        byCode: { $ref: '#/$defs/claimWay' },
        linkHint: text,
      },
    },
    received: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'details', 'next', 'keepReference'],
      properties: {
        subject: text,
        heading: text,
        intro: text,
        details: lines,
        next: text,
        keepReference: text,
      },
    },
    // docs/decisions/review.md#verdict-mail: the staff's final decision on a statement.
    verdict: {
      type: 'object',
      additionalProperties: false,
      required: ['details', 'accepted', 'rejected', 'keepReference'],
      properties: {
        details: lines,
        accepted: { $ref: '#/$defs/verdictOutcome' },
        rejected: { $ref: '#/$defs/verdictOutcome' },
        keepReference: text,
      },
    },
    // docs/decisions/staff.md#people-and-roles: staff mail, with a one-time link to register a passkey.
    invitation: { $ref: '#/$defs/staffMessage' },
    staffRecovery: { $ref: '#/$defs/staffMessage' },
    // docs/decisions/staff.md#passkey-notice: a passkey added to or removed from the person's account.
    passkeyChanged: {
      type: 'object',
      additionalProperties: false,
      required: ['added', 'removed', 'after'],
      properties: { added: opening, removed: opening, after: lines },
    },
    staffFooter: lines,
    footer: lines,
  },
  $defs: {
    staffMessage: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'action', 'linkText', 'after'],
      properties: { subject: text, heading: text, intro: text, action: text, linkText: text, after: lines },
    },
    verdictOutcome: {
      type: 'object',
      additionalProperties: false,
      required: ['subject', 'heading', 'intro', 'next'],
      properties: { subject: text, heading: text, intro: text, next: text },
    },
    claimWay: {
      type: 'object',
      additionalProperties: false,
      required: ['action', 'linkText', 'note'],
      properties: { action: text, linkText: text, note: text },
    },
  },
} as const;

const words = { type: 'object', additionalProperties: text } as const;

/**
 * src/content/review.json: the panel's review of statements (src/server/review). `reasons` are the grounds a
 * statement is rejected on (spec §4), each with the sentence the winner reads in the verdict e-mail and on
 * the statement page; `revealReasons` the needs a masked number or the coupon photo is shown for
 * (docs/decisions/review.md#unmasking); `fields` name what a statement holds; `findings` say what the
 * product checked.
 */
export const reviewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reasons', 'revealReasons', 'fields', 'values', 'findings', 'payoutColumns'],
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
    // The transfer file's header: reference, first name, surname, account, amount, in that order.
    payoutColumns: { type: 'array', minItems: 5, maxItems: 5, items: text },
  },
} as const;

export type Campaign = FromSchema<typeof campaignSchema>;
export type Phase = Campaign['phases'][number];
export type PhaseId = Phase['id'];
export type Notice = Campaign['notices'][number];
export type Draw = FromSchema<typeof drawsSchema>[number];
export type PrizesContent = FromSchema<typeof prizesSchema>;
export type Prize = PrizesContent['catalogue'][string];
export type Faq = FromSchema<typeof faqSchema>;
export type FaqItemContent = FromSchema<typeof faqItemSchema>;
export type Rules = FromSchema<typeof rulesSchema>;
export type Mail = FromSchema<typeof mailSchema>;
export type Review = FromSchema<typeof reviewSchema>;
