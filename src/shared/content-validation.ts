import { Ajv } from 'ajv';
import { polishAjvProblems } from './ajv-polish';
import { isWarsawLocalTime, warsawLocalToInstant } from './warsaw-time';
import { PRESENCES, type Campaign, type Draw, type Prizes } from './campaign';
import { PAYLOAD_TABLE } from './statement/payload';

// Content files are edited by non-developers: every problem is reported with the file and the field.
const localTime = {
  type: 'string',
  format: 'warsawLocalTime',
  errorMessage: 'wpisz datę jako "RRRR-MM-DD" albo datę i godzinę jako "RRRR-MM-DDTGG:MM:SS" (czas polski)',
};
// Sales and registration open and close at a clock time the texts print ("od godz. 6:30"): give it.
const localDateTime = {
  ...localTime,
  pattern: 'T\\d{2}:\\d{2}:\\d{2}$',
  errorMessage: 'wpisz datę i godzinę jako "RRRR-MM-DDTGG:MM:SS" (czas polski): teksty podają godzinę',
};
const text = { type: 'string', minLength: 1 };
const url = {
  type: 'string',
  pattern: '^https://',
  errorMessage: 'wpisz pełny adres zaczynający się od https://',
};

const campaignSchema = {
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
};

const drawsSchema = {
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
};

// The payload fields a tier registry entry may name: those the payload table leaves to the registry.
const registryFields = Object.entries(PAYLOAD_TABLE)
  .filter(([, row]) => row.sentBy === 'registry')
  .map(([field]) => field);

const prizesSchema = {
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
        properties: { award: text, type: { enum: ['draw', 'weekly', 'daily'] }, label: text },
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
          claimBy: { enum: ['hash', 'code'] },
          schema: { type: 'string', pattern: '^tier-[a-z0-9-]+\\.json$' },
          taxAward: { type: 'boolean' },
          payload: {
            type: 'object',
            propertyNames: { enum: registryFields },
            additionalProperties: { enum: PRESENCES },
          },
        },
      },
    },
  },
};

// verbose: the Polish messages name what was expected (and guess a misspelt name).
const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
ajv.addVocabulary(['errorMessage']);
ajv.addFormat('warsawLocalTime', { type: 'string', validate: isWarsawLocalTime });

function check(file: string, schema: object, data: unknown): string[] {
  const validate = ajv.compile(schema);
  return validate(data) ? [] : polishAjvProblems(file, validate.errors);
}

function ordered(file: string, path: string, start: string, end: string): string[] {
  return warsawLocalToInstant(start) <= warsawLocalToInstant(end)
    ? []
    : [`${file}: ${path} — początek (${start}) jest później niż koniec (${end})`];
}

export interface Content {
  campaign: Campaign;
  draws: Draw[];
  prizes: Prizes;
}

/** Every problem in the content files, each naming its file and field; an empty list means valid. */
export function validateContent({ campaign, draws, prizes }: Content): string[] {
  const shapeErrors = [
    ...check('src/content/campaign.json', campaignSchema, campaign),
    ...check('src/content/draws.json', drawsSchema, draws),
    ...check('src/content/prizes.json', prizesSchema, prizes),
  ];
  if (shapeErrors.length > 0) return shapeErrors;

  const file = 'src/content/campaign.json';
  const errors: string[] = [];
  for (const key of ['lottery', 'sales', 'registration', 'complaints'] as const) {
    errors.push(...ordered(file, `/${key}`, campaign[key].start, campaign[key].end));
  }
  campaign.phases.forEach((phase, index) => {
    errors.push(...ordered(file, `/phases/${index}`, phase.start, phase.end));
    const next = campaign.phases[index + 1];
    if (next && warsawLocalToInstant(next.start) <= warsawLocalToInstant(phase.end)) {
      errors.push(
        `${file}: /phases/${index + 1}/start — faza musi się zaczynać po końcu poprzedniej (/phases/${index}/end)`,
      );
    }
  });
  campaign.notices.forEach((notice, index) =>
    errors.push(...ordered(file, `/notices/${index}`, notice.start, notice.end)),
  );
  draws.forEach((draw, index) =>
    errors.push(...ordered('src/content/draws.json', `/${index}`, draw.startDate, draw.endDate)),
  );
  const duplicated = (values: unknown[]) => values.some((value, index) => values.indexOf(value) !== index);
  for (const key of ['id', 'order'] as const) {
    if (duplicated(draws.map((draw) => draw[key]))) {
      errors.push(`src/content/draws.json: / — wartości „${key}” losowań powtarzają się`);
    }
  }
  prizes.tiers.forEach((tier, index) => {
    if (!(tier.prize in prizes.catalogue)) {
      errors.push(
        `src/content/prizes.json: /tiers/${index}/prize — nagrody „${tier.prize}” nie ma w „catalogue”`,
      );
    }
  });
  for (const key of ['id', 'prize', 'path', 'attachment', 'schema'] as const) {
    if (duplicated(prizes.tiers.map((tier) => tier[key]))) {
      errors.push(`src/content/prizes.json: /tiers — wartości „${key}” poziomów powtarzają się`);
    }
  }
  return errors;
}
