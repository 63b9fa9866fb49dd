import { describe, expect, it } from 'vitest';
import { tierById, type Presence, type TierId } from '#shared/campaign.ts';
import reviewTexts from '#content/review.json';
import {
  EXPORT_COLUMNS,
  HEADER_FIELDS,
  MARKED_FIELDS,
  MASKED_FIELDS,
  PAYOUT_FIELDS,
  tierPayload,
  type PayloadField,
} from '#shared/statement/payload.ts';

// docs/api.md#the-payload, field by field: which tiers send it and when it carries a value. The tier
// registry (prizes.json) and the payload table must say the same for the spec's seven tiers.
const ALL: TierId[] = ['I', 'II', 'III', 'IV', 'V', 'VI', 'WINTO'];
const each = (tiers: TierId[], presence: Presence = 'always') =>
  Object.fromEntries(tiers.map((tier) => [tier, presence])) as Partial<Record<TierId, Presence>>;
const IDENTITY_TIERS: TierId[] = ['I', 'II', 'III', 'WINTO'];

const API: Record<PayloadField, Partial<Record<TierId, Presence>>> = {
  type: each(ALL),
  code: each(ALL),
  codeType: each(ALL),
  name: each(ALL),
  surName: each(ALL),
  phoneNumber: each(ALL),
  email: each(ALL),
  lotteryRegulations: each(ALL),
  authorizedPerson: each(ALL),
  personalDataClause: each(ALL),
  additionalAward: each(['I', 'II', 'III']),
  hash: each(['I', 'II', 'IV', 'V', 'WINTO']),
  address: { ...each(['I', 'II', 'III', 'IV', 'V']), WINTO: 'withoutPesel' },
  image: each(['I', 'II', 'III', 'IV', 'V', 'WINTO'], 'offline'),
  pesel: each(IDENTITY_TIERS, 'withPesel'),
  birthDate: each(IDENTITY_TIERS, 'withoutPesel'),
  nationality: { ...each(['I', 'II']), ...each(['III', 'WINTO'], 'withoutPesel') },
  countryOfBirth: { ...each(['I', 'II']), WINTO: 'never' },
  identityCardNumber: each(IDENTITY_TIERS, 'withIdCard'),
  passportNumber: each(IDENTITY_TIERS, 'withoutIdCard'),
  statementExposedPosition: { ...each(['I', 'II']), WINTO: 'never' },
  actualBeneficiary: { ...each(['I', 'II']), WINTO: 'never' },
  iban: each(['I', 'VI', 'WINTO']),
  serialNumber: each(['VI'], 'offline'),
};

describe('the payload contract of docs/api.md', () => {
  it.each(ALL)('tier %s sends exactly its fields, each when the contract says', (tierId) => {
    const expected = Object.entries(API).flatMap(([field, tiers]) =>
      tiers[tierId] ? [[field, tiers[tierId]]] : [],
    );
    expect(tierPayload(tierById(tierId)!)).toEqual(expected);
  });

  it('exports the stored fields in the order of docs/api.md', () => {
    expect(EXPORT_COLUMNS).toEqual([
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
      'additionalAward',
      'address.city',
      'address.postalCode',
      'address.street',
      'address.houseNumber',
      'address.apartmentNumber',
      'pesel',
      'birthDate',
      'nationality',
      'countryOfBirth',
      'identityCardNumber',
      'passportNumber',
      'statementExposedPosition.politicallyExposedPerson',
      'statementExposedPosition.familyPoliticallyExposedPerson',
      'statementExposedPosition.closeAssociatePoliticallyExposedPerson',
      'actualBeneficiary',
      'iban',
      'serialNumber',
    ]);
  });
});

// docs/decisions/review.md: what the review does with a field is a column of the payload table, not a list
// beside it. The lists read from it are those the review used before they moved into the table.
describe('the review’s facts of the payload table', () => {
  it('masks the four numbers and marks each by its kind', () => {
    const numbers = ['pesel', 'identityCardNumber', 'passportNumber', 'iban'];
    expect(MASKED_FIELDS).toEqual(numbers);
    expect(MARKED_FIELDS).toEqual([
      ['pesel', 'pesel'],
      ['identityCardNumber', 'identityCard'],
      ['passportNumber', 'passport'],
      ['iban', 'iban'],
    ]);
  });

  it('pays by name, surname and account, and shows the tier and code in the header', () => {
    expect(PAYOUT_FIELDS).toEqual(['name', 'surName', 'iban']);
    // The transfer file's header: the reference, these fields, the amount.
    expect(reviewTexts.payoutColumns).toHaveLength(PAYOUT_FIELDS.length + 2);
    expect(HEADER_FIELDS).toEqual(['type', 'code']);
  });
});
