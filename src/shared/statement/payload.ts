import { isOnlineCode, type Tier, type TierId } from '../campaign';
import { toPolishIban } from './checksums';
import type { StatementFormData } from './form-data';

// shared/API.md: the statement payload. Every field of a tier is present; what the form did not ask is null.
export interface AddressPayload {
  city: string;
  postalCode: string;
  street: string;
  houseNumber: string;
  apartmentNumber: string;
}

export interface ExposedPositionPayload {
  politicallyExposedPerson: boolean | null;
  familyPoliticallyExposedPerson: boolean | null;
  closeAssociatePoliticallyExposedPerson: boolean | null;
}

export interface StatementPayload {
  type: TierId;
  code: string;
  codeType: 'ONLINE' | 'OFFLINE';
  name: string;
  surName: string;
  phoneNumber: string;
  email: string;
  lotteryRegulations: boolean;
  authorizedPerson: boolean;
  personalDataClause: boolean;
  additionalAward?: boolean;
  hash?: string | null;
  address?: AddressPayload | null;
  image?: string | null;
  pesel?: string | null;
  birthDate?: string | null;
  nationality?: string | null;
  countryOfBirth?: string | null;
  identityCardNumber?: string | null;
  passportNumber?: string | null;
  statementExposedPosition?: ExposedPositionPayload | null;
  actualBeneficiary?: boolean | null;
  iban?: string | null;
  serialNumber?: string | null;
}

export type PayloadField = keyof StatementPayload;

const COMMON: PayloadField[] = [
  'type',
  'code',
  'codeType',
  'name',
  'surName',
  'phoneNumber',
  'email',
  'lotteryRegulations',
  'authorizedPerson',
  'personalDataClause',
];
const IDENTITY: PayloadField[] = [
  'pesel',
  'birthDate',
  'nationality',
  'identityCardNumber',
  'passportNumber',
];
const POLITICAL: PayloadField[] = ['statementExposedPosition', 'actualBeneficiary'];

/** shared/API.md field table: exactly these fields make a tier's payload. */
export const PAYLOAD_FIELDS: Record<TierId, PayloadField[]> = {
  I: [
    ...COMMON,
    'additionalAward',
    'hash',
    'address',
    'image',
    ...IDENTITY,
    'countryOfBirth',
    ...POLITICAL,
    'iban',
  ],
  II: [...COMMON, 'additionalAward', 'hash', 'address', 'image', ...IDENTITY, 'countryOfBirth', ...POLITICAL],
  III: [...COMMON, 'additionalAward', 'address', 'image', ...IDENTITY],
  IV: [...COMMON, 'hash', 'address', 'image'],
  V: [...COMMON, 'hash', 'address', 'image'],
  VI: [...COMMON, 'iban', 'serialNumber'],
  WINTO: [...COMMON, 'hash', 'address', 'image', ...IDENTITY, 'countryOfBirth', ...POLITICAL, 'iban'],
};

/** Which form field a payload field comes from, to name a form error by its payload field (server). */
export const PAYLOAD_FIELD_OF_FORM_FIELD: Record<string, string> = {
  code: 'code',
  serialNumber: 'serialNumber',
  file: 'image',
  firstName: 'name',
  lastName: 'surName',
  address_city: 'address.city',
  address_zipCode: 'address.postalCode',
  address_street: 'address.street',
  address_house: 'address.houseNumber',
  address_flat: 'address.apartmentNumber',
  phone: 'phoneNumber',
  email: 'email',
  citizenship: 'nationality',
  country: 'countryOfBirth',
  pesel: 'pesel',
  birthDate: 'birthDate',
  personalId: 'identityCardNumber',
  passport: 'passportNumber',
  bankAccount: 'iban',
  'consents.rules': 'lotteryRegulations',
  'consents.notEmployee': 'authorizedPerson',
  'consents.rodo': 'personalDataClause',
  'consents.tax': 'additionalAward',
  answer_1: 'statementExposedPosition.politicallyExposedPerson',
  answer_2: 'statementExposedPosition.familyPoliticallyExposedPerson',
  answer_3: 'statementExposedPosition.closeAssociatePoliticallyExposedPerson',
  confirmed: 'actualBeneficiary',
};

export interface PayloadContext {
  /** The `hash` query parameter of the statement link, or null. */
  hash: string | null;
  /** Fields the form shows for this data (see visibleFields). */
  visible: ReadonlySet<string>;
}

const postalCode = (zip: string) => `${zip.slice(0, 2)}-${zip.slice(2)}`;

/** The request body for a filled form: spec §3 "Submission payload", formats of shared/API.md. */
export function buildPayload(
  tier: Tier,
  form: StatementFormData,
  { hash, visible }: PayloadContext,
): StatementPayload {
  const shown = (field: keyof StatementFormData) => visible.has(field) && form[field] !== undefined;
  const text = (field: keyof StatementFormData) => (shown(field) ? String(form[field]).trim() : null);
  const answer = (field: 'answer_1' | 'answer_2' | 'answer_3' | 'confirmed') =>
    shown(field) ? form[field]! : null;
  const code = form.code ?? '';
  const all: Required<StatementPayload> = {
    type: tier.id,
    code,
    codeType: isOnlineCode(code) ? 'ONLINE' : 'OFFLINE',
    name: text('firstName') ?? '',
    surName: text('lastName') ?? '',
    phoneNumber: text('phone') ?? '',
    email: text('email') ?? '',
    lotteryRegulations: form.consents?.rules === true,
    authorizedPerson: form.consents?.notEmployee === true,
    personalDataClause: form.consents?.rodo === true,
    additionalAward: form.consents?.tax === true,
    hash,
    address: shown('address_city')
      ? {
          city: text('address_city')!,
          postalCode: postalCode(form.address_zipCode ?? ''),
          street: text('address_street') ?? '',
          houseNumber: text('address_house') ?? '',
          apartmentNumber: text('address_flat') ?? '',
        }
      : null,
    image: shown('file') ? form.file! : null,
    pesel: text('pesel'),
    birthDate: text('birthDate'),
    nationality: text('citizenship'),
    countryOfBirth: text('country'),
    identityCardNumber: text('personalId')?.toUpperCase() ?? null,
    passportNumber: text('passport')?.toUpperCase() ?? null,
    // shared/API.md: winTo's form does not ask the political block, so its answers are null there.
    statementExposedPosition: {
      politicallyExposedPerson: answer('answer_1'),
      familyPoliticallyExposedPerson: answer('answer_2'),
      closeAssociatePoliticallyExposedPerson: answer('answer_3'),
    },
    actualBeneficiary: answer('confirmed'),
    iban: shown('bankAccount') ? toPolishIban(form.bankAccount!) : null,
    serialNumber: text('serialNumber'),
  };
  return Object.fromEntries(
    PAYLOAD_FIELDS[tier.id].map((field) => [field, all[field]]),
  ) as unknown as StatementPayload;
}

const present = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/**
 * The form data a payload stands for (the server validates it with the browser's schema). A consent the
 * payload of a tier does not carry (winTo's tax consent, shared/API.md) is implied by sending the form.
 */
export function payloadToFormData(
  tier: Tier,
  payload: StatementPayload,
  taxConsentAsked: boolean,
): StatementFormData {
  const fields = PAYLOAD_FIELDS[tier.id];
  const zip = payload.address?.postalCode;
  const form: StatementFormData = {
    code: payload.code,
    serialNumber: present(payload.serialNumber),
    file: present(payload.image),
    firstName: payload.name,
    lastName: payload.surName,
    address_city: payload.address?.city,
    address_zipCode: zip !== undefined && /^\d{2}-\d{3}$/.test(zip) ? zip.replace('-', '') : zip,
    address_street: payload.address?.street || undefined,
    address_house: payload.address?.houseNumber,
    address_flat: payload.address?.apartmentNumber || undefined,
    phone: payload.phoneNumber,
    email: payload.email,
    citizenship: present(payload.nationality),
    country: present(payload.countryOfBirth),
    noPesel: fields.includes('pesel') ? payload.pesel === null : undefined,
    pesel: present(payload.pesel),
    birthDate: present(payload.birthDate),
    noPersonalId: fields.includes('identityCardNumber') ? payload.identityCardNumber === null : undefined,
    personalId: present(payload.identityCardNumber),
    passport: present(payload.passportNumber),
    bankAccount: present(payload.iban),
    consents: {
      rules: payload.lotteryRegulations,
      notEmployee: payload.authorizedPerson,
      rodo: payload.personalDataClause,
      tax: fields.includes('additionalAward') ? payload.additionalAward : taxConsentAsked || undefined,
    },
    answer_1: present(payload.statementExposedPosition?.politicallyExposedPerson),
    answer_2: present(payload.statementExposedPosition?.familyPoliticallyExposedPerson),
    answer_3: present(payload.statementExposedPosition?.closeAssociatePoliticallyExposedPerson),
    confirmed: present(payload.actualBeneficiary),
  };
  return JSON.parse(JSON.stringify(form)) as StatementFormData;
}
