import { isOnlineCode, type Presence, type Tier, type TierId } from '../campaign';
import { mergeInto } from '../json';
import { toPolishIban } from './checksums';
import type { StatementFormData } from './generated/form-data';
import {
  commonTextRow,
  consentRow,
  FLAG,
  type FormReader,
  type MarkKind,
  NAME_LIKE,
  NULLABLE_FLAG,
  type PayloadRow,
  type ReviewFacts,
  row,
  source,
  TEXT,
  textRow,
  TOO_LONG,
  topField,
} from './payload-rows';

// docs/api.md#the-payload: the payload field table. One row per payload field says where it comes from
// in the form, its shape on the wire, the conversion each way, how it is stored and who sends it. Which
// tiers send a field (and when it carries a value) is said by the tier registry, prizes.json
// `tiers[].payload`; the fields every tier sends, and the link's hash, are said here.

const ADDRESS_PARTS = [
  ['city', 'address_city', 'required', NAME_LIKE],
  ['postalCode', 'address_zipCode', 'required', ['1234', '123456', '12a45']],
  ['street', 'address_street', 'optional', ['x'.repeat(101)]],
  ['houseNumber', 'address_house', 'required', ['  ', 'x'.repeat(51)]],
  ['apartmentNumber', 'address_flat', 'optional', ['x'.repeat(51)]],
] as const;

const POLITICAL_ANSWERS = [
  ['politicallyExposedPerson', 'answer_1'],
  ['familyPoliticallyExposedPerson', 'answer_2'],
  ['closeAssociatePoliticallyExposedPerson', 'answer_3'],
] as const;

type AddressPayload = Record<(typeof ADDRESS_PARTS)[number][0], string>;
type ExposedPositionPayload = Record<(typeof POLITICAL_ANSWERS)[number][0], boolean | null>;

/** The table, in the order of docs/api.md#the-payload (also the export's column order). */
export const PAYLOAD_TABLE = {
  type: row<TierId, 'all'>({
    sentBy: 'all',
    from: [],
    shape: TEXT,
    nullable: false,
    storage: 'sealed',
    review: { header: true },
    build: (form) => form.tier.id,
    toForm: () => ({}),
  }),
  code: row<string, 'all'>({
    sentBy: 'all',
    from: [source('code', 'code', 'required', { refuses: ['A1B2C3D4E5', 'A1B2C3D4E5F6', 'A1B2C3D4E5-'] })],
    shape: TEXT,
    nullable: false,
    storage: 'sealed',
    review: { header: true },
    build: (form) => (form.value('code') as string | null) ?? '',
    toForm: (code) => ({ code }),
  }),
  // spec §4: a code is online when its first character, lowercased, is the configured prefix.
  codeType: row<'ONLINE' | 'OFFLINE', 'all'>({
    sentBy: 'all',
    from: [],
    shape: { type: 'string', enum: ['ONLINE', 'OFFLINE'] },
    nullable: false,
    storage: 'sealed',
    build: (form) => (isOnlineCode((form.value('code') as string | null) ?? '') ? 'ONLINE' : 'OFFLINE'),
    toForm: () => ({}),
  }),
  name: commonTextRow('name', 'firstName', NAME_LIKE, { payout: true }),
  surName: commonTextRow('surName', 'lastName', NAME_LIKE, { payout: true }),
  phoneNumber: commonTextRow('phoneNumber', 'phone', ['12345678', '1234567890', 'Jan Kowalski']),
  email: commonTextRow('email', 'email', [
    'jan',
    'jan@example',
    'jan kowalski@example.pl',
    `${'x'.repeat(96)}@a.pl`,
  ]),
  lotteryRegulations: consentRow('lotteryRegulations', 'rules', 'all'),
  authorizedPerson: consentRow('authorizedPerson', 'notEmployee', 'all'),
  personalDataClause: consentRow('personalDataClause', 'rodo', 'all'),
  additionalAward: consentRow('additionalAward', 'tax', 'registry'),
  hash: row<string | null, 'hashTiers'>({
    sentBy: 'hashTiers',
    from: [],
    shape: { type: 'string', minLength: 1, maxLength: 200 },
    nullable: false,
    // The claim keeps the hash's digest; the hash itself is never stored.
    storage: 'none',
    build: (form) => form.hash,
    toForm: () => ({}),
  }),
  address: row<AddressPayload | null, 'registry'>({
    sentBy: 'registry',
    from: ADDRESS_PARTS.map(([part, field, need, refuses]) =>
      source(field, `address.${part}`, need, { refuses: [...refuses, TOO_LONG] }),
    ),
    shape: {
      type: 'object',
      additionalProperties: false,
      required: ADDRESS_PARTS.map(([part]) => part),
      properties: Object.fromEntries(ADDRESS_PARTS.map(([part]) => [part, TEXT])),
    },
    nullable: true,
    storage: 'sealed',
    build: (form) => {
      if (form.text('address_city') === null) return null;
      const zip = form.text('address_zipCode') ?? '';
      return {
        city: form.text('address_city')!,
        postalCode: `${zip.slice(0, 2)}-${zip.slice(2)}`,
        street: form.text('address_street') ?? '',
        houseNumber: form.text('address_house') ?? '',
        apartmentNumber: form.text('address_flat') ?? '',
      };
    },
    toForm: (address) =>
      address === null
        ? {}
        : {
            address_city: address.city,
            // The server validates the form's value: 5 digits (anything else is reported as it came).
            address_zipCode: /^\d{2}-\d{3}$/.test(address.postalCode)
              ? address.postalCode.replace('-', '')
              : address.postalCode,
            address_street: address.street || undefined,
            address_house: address.houseNumber,
            address_flat: address.apartmentNumber || undefined,
          },
  }),
  image: row<string | null, 'registry'>({
    sentBy: 'registry',
    from: [source('file', 'image', 'shown', { refuses: ['data:image/jpeg;base64,AAAA', 'zdjęcie'] })],
    // A 600x800 PNG as base64 stays well under this; the body limit guards the rest.
    shape: { type: 'string', maxLength: 3_000_000 },
    nullable: true,
    storage: 'image',
    build: (form) => (form.value('file') as string | null) ?? null,
    toForm: (file) => ({ file: file ?? undefined }),
  }),
  pesel: textRow('pesel', 'pesel', 'registry', {
    toggle: 'noPesel',
    review: { masked: true, mark: 'pesel' },
    // a wrong check digit, too short, a minor on the last day of code registration
    // (docs/decisions/field-rules.md#adults-only)
    refuses: ['44051401358', '4405140135', '07290301235'],
  }),
  birthDate: textRow('birthDate', 'birthDate', 'registry', {
    refuses: ['2025-02-30', '1990-2-3', '2007-09-03'],
  }),
  nationality: textRow('nationality', 'citizenship', 'registry', { refuses: NAME_LIKE }),
  countryOfBirth: textRow('countryOfBirth', 'country', 'registry', { refuses: NAME_LIKE }),
  identityCardNumber: textRow('identityCardNumber', 'personalId', 'registry', {
    upper: true,
    toggle: 'noPersonalId',
    review: { masked: true, mark: 'identityCard' },
    refuses: ['ABA300001', 'AB1300000'],
  }),
  passportNumber: textRow('passportNumber', 'passport', 'registry', {
    upper: true,
    refuses: ['ZS0001775', 'Z10001774'],
    review: { masked: true, mark: 'passport' },
  }),
  statementExposedPosition: row<ExposedPositionPayload, 'registry'>({
    sentBy: 'registry',
    from: POLITICAL_ANSWERS.map(([part, field]) =>
      source(field, `statementExposedPosition.${part}`, 'required', { definitions: ['politicalAnswer'] }),
    ),
    shape: {
      type: 'object',
      additionalProperties: false,
      required: POLITICAL_ANSWERS.map(([part]) => part),
      properties: Object.fromEntries(POLITICAL_ANSWERS.map(([part]) => [part, NULLABLE_FLAG])),
    },
    // docs/api.md#the-payload: a tier whose form does not ask the block (winTo) sends it with null answers.
    nullable: false,
    storage: 'sealed',
    build: (form) =>
      Object.fromEntries(
        POLITICAL_ANSWERS.map(([part, field]) => [part, form.value(field) as boolean | null]),
      ) as ExposedPositionPayload,
    toForm: (answers) =>
      Object.fromEntries(POLITICAL_ANSWERS.map(([part, field]) => [field, answers[part] ?? undefined])),
  }),
  actualBeneficiary: row<boolean | null, 'registry'>({
    sentBy: 'registry',
    from: [source('confirmed', 'actualBeneficiary', 'required', { refuses: [false] })],
    shape: FLAG,
    nullable: true,
    storage: 'sealed',
    build: (form) => form.value('confirmed') as boolean | null,
    toForm: (confirmed) => ({ confirmed: confirmed ?? undefined }),
  }),
  iban: row<string | null, 'registry'>({
    sentBy: 'registry',
    from: [
      source('bankAccount', 'iban', 'required', {
        refuses: ['61109010140000071219812875', 'DE89370400440532013000'],
      }),
    ],
    shape: TEXT,
    nullable: true,
    storage: 'sealed',
    review: { masked: true, mark: 'iban', payout: true },
    build: (form) => {
      const account = form.value('bankAccount');
      return typeof account === 'string' ? toPolishIban(account) : null;
    },
    toForm: (iban) => ({ bankAccount: iban ?? undefined }),
  }),
  serialNumber: textRow('serialNumber', 'serialNumber', 'registry', {
    refuses: ['123456789012345678', '12345678901234567890'],
  }),
};

type Table = typeof PAYLOAD_TABLE;
export type PayloadField = keyof Table;
type ValueOf<F extends PayloadField> = ReturnType<Table[F]['build']>;
type CommonField = { [F in PayloadField]: Table[F]['sentBy'] extends 'all' ? F : never }[PayloadField];

/** A statement body of docs/api.md#the-payload: the common fields, and those the tier sends. */
export type StatementPayload = { [F in CommonField]: ValueOf<F> } & {
  [F in Exclude<PayloadField, CommonField>]?: ValueOf<F>;
};

const ROWS = Object.entries(PAYLOAD_TABLE) as Array<[PayloadField, PayloadRow<unknown>]>;

export function payloadRow(field: PayloadField): PayloadRow<unknown> {
  return PAYLOAD_TABLE[field] as PayloadRow<unknown>;
}

const tierPayloads = new Map<TierId, ReadonlyArray<[PayloadField, Presence]>>();

/** The payload fields a tier sends, each with when it carries a value, in the table's order. */
export function tierPayload(tier: Tier): ReadonlyArray<[PayloadField, Presence]> {
  let fields = tierPayloads.get(tier.id);
  if (!fields) {
    fields = ROWS.flatMap(([field, { sentBy }]): Array<[PayloadField, Presence]> => {
      if (sentBy === 'all') return [[field, 'always']];
      if (sentBy === 'hashTiers') return tier.claimBy === 'hash' ? [[field, 'always']] : [];
      const presence = tier.payload[field];
      return presence ? [[field, presence]] : [];
    });
    tierPayloads.set(tier.id, fields);
  }
  return fields;
}

export const payloadFields = (tier: Tier): PayloadField[] => tierPayload(tier).map(([field]) => field);

/** The payload path each form field fills ("firstName" → "name", "consents.rules" → "lotteryRegulations"). */
export const PAYLOAD_PATH_OF_FORM_FIELD: ReadonlyMap<string, string> = new Map(
  ROWS.flatMap(([, { from }]) =>
    from.filter(({ need }) => need !== 'toggle').map(({ field, path }): [string, string] => [field, path]),
  ),
);

/** The form fields a tier's form may have: those its payload fields come from (consents as one group). */
export function tierFormFields(tier: Tier): string[] {
  const names = payloadFields(tier).flatMap((field) =>
    payloadRow(field).from.map((source) => topField(source.field)),
  );
  return [...new Set(names)];
}

/** The definitions each form field may use (schemas/definitions.json): a field cannot become another. */
export const FIELD_DEFINITIONS: ReadonlyMap<string, readonly string[]> = new Map(
  ROWS.flatMap(([, { from }]) =>
    from.map(({ field, definitions }): [string, readonly string[]] => {
      const top = topField(field);
      return [top, definitions ?? [top]];
    }),
  ),
);

/** The boxes that say the winner has no such number ('no PESEL', 'no ID card'). */
export const TOGGLE_FIELDS: readonly string[] = [
  ...new Set(ROWS.flatMap(([, { from }]) => from.filter((s) => s.need === 'toggle').map((s) => s.field))),
];

/** Every form field of the table, of any tier. */
export const ALL_FORM_FIELDS: ReadonlySet<string> = new Set(
  ROWS.flatMap(([, { from }]) => from.map((source) => topField(source.field))),
);

/** How each payload field is kept at rest (the table's `storage`). */
export const STORAGE_OF: ReadonlyMap<string, PayloadRow<unknown>['storage']> = new Map(
  ROWS.map(([field, { storage }]) => [field, storage]),
);

const reviewed = (fact: keyof ReviewFacts) =>
  ROWS.filter(([, { review }]) => review?.[fact] !== undefined).map(([field]) => field);
/** The fields in a statement's header in the review, not among its fields (the table's `review.header`). */
export const HEADER_FIELDS: readonly PayloadField[] = reviewed('header');
/** The numbers shown masked until revealed (the table's `review.masked`). */
export const MASKED_FIELDS: readonly PayloadField[] = reviewed('masked');
/** The transfer file's fields of a statement, in the table's order (the table's `review.payout`). */
export const PAYOUT_FIELDS: readonly PayloadField[] = reviewed('payout');
/** The numbers a statement is marked by, each with its mark's kind (the table's `review.mark`). */
export const MARKED_FIELDS: ReadonlyArray<[PayloadField, MarkKind]> = reviewed('mark').map((field) => [
  field,
  payloadRow(field).review!.mark!,
]);

/** The export's columns: every stored field of the table, nested parts as dotted columns. */
export const EXPORT_COLUMNS: readonly string[] = ROWS.flatMap(([field, { shape, storage }]) => {
  if (storage === 'none' || storage === 'image') return [];
  const parts = shape.properties as Record<string, unknown> | undefined;
  return parts ? Object.keys(parts).map((part) => `${field}.${part}`) : [field];
});

/** The JSON Schema of a tier's body on the wire: exactly its fields, null only where it may be. */
export function payloadShape(tier: Tier): object {
  const fields = tierPayload(tier);
  return {
    type: 'object',
    additionalProperties: false,
    required: fields.map(([field]) => field),
    properties: Object.fromEntries(
      fields.map(([field, presence]) => {
        const { shape, nullable } = payloadRow(field);
        return [field, nullable && presence !== 'always' ? { ...shape, type: [shape.type, 'null'] } : shape];
      }),
    ),
  };
}

export interface PayloadContext {
  /** The `hash` query parameter of the statement link, or null. */
  hash: string | null;
  /** Fields the form shows for this data (see visibleFields). */
  visible: ReadonlySet<string>;
}

function formReader(tier: Tier, form: StatementFormData, { hash, visible }: PayloadContext): FormReader {
  const value = (field: string): unknown => {
    const [top, part] = field.split('.') as [string, string | undefined];
    if (!visible.has(top)) return null;
    const found = (form as Record<string, unknown>)[top];
    const inner = part === undefined ? found : (found as Record<string, unknown> | undefined)?.[part];
    return inner === undefined ? null : inner;
  };
  return {
    tier,
    hash,
    value,
    text: (field) => {
      const found = value(field);
      return found === null ? null : String(found).trim();
    },
  };
}

/** The request body for a filled form: spec §3 "Submission payload", formats of docs/api.md#the-payload. */
export function buildPayload(tier: Tier, form: StatementFormData, context: PayloadContext): StatementPayload {
  const reader = formReader(tier, form, context);
  return Object.fromEntries(
    payloadFields(tier).map((field) => [field, payloadRow(field).build(reader)]),
  ) as StatementPayload;
}

/**
 * The form data a payload stands for (the server validates it with the browser's schema). Fields missing
 * from the payload (already reported) are left out, but a group the tier's payload fills (the consents)
 * is always there, so its parts are judged one by one, by their payload names. A consent the tier's
 * payload does not carry (winTo's tax consent, docs/decisions/forms.md#winto-tax-consent) is implied by
 * sending the form: the form cannot be sent without it (schemas:check keeps it required).
 */
export function payloadToFormData(
  tier: Tier,
  payload: Partial<Record<PayloadField, unknown>>,
  askedConsents: readonly string[],
): StatementFormData {
  const { fields, carried, groups } = formSources(tier);
  const form: Record<string, unknown> = Object.fromEntries(groups.map((group) => [group, {}]));
  for (const field of fields) {
    if (field in payload) mergeInto(form, payloadRow(field).toForm(payload[field]));
  }
  const implied = askedConsents.filter((consent) => !carried.has(`consents.${consent}`));
  if (implied.length > 0) {
    mergeInto(form, { consents: Object.fromEntries(implied.map((consent) => [consent, true])) });
  }
  return JSON.parse(JSON.stringify(form)) as StatementFormData;
}

const formSourcesOfTier = new Map<
  TierId,
  { fields: PayloadField[]; carried: Set<string>; groups: string[] }
>();

/** A tier's payload fields, the form fields they come from and the groups among those, worked out once. */
function formSources(tier: Tier) {
  let sources = formSourcesOfTier.get(tier.id);
  if (!sources) {
    const fields = payloadFields(tier);
    const carried = fields.flatMap((field) => payloadRow(field).from.map((source) => source.field));
    const groups = [...new Set(carried.filter((field) => field.includes('.')).map(topField))];
    sources = { fields, carried: new Set(carried), groups };
    formSourcesOfTier.set(tier.id, sources);
  }
  return sources;
}

/**
 * A payload with its nested objects (address, statementExposedPosition) as dotted names (`address.city`): the
 * export's columns, the studio's rows of what would be sent.
 */
export function flatten(value: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
      Object.assign(flat, flatten(inner as Record<string, unknown>, `${prefix}${key}.`));
    } else flat[`${prefix}${key}`] = inner;
  }
  return flat;
}
