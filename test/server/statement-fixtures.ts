import { PNG } from 'pngjs';
import type { TierId } from '../../src/shared/campaign';

/** A real PNG of the given size as the browser sends it (spec §5: PNG data within 600x800). */
export function pngDataUrl(width = 8, height = 6): string {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

const COMMON = {
  name: 'Jan',
  surName: 'Kowalski',
  phoneNumber: '600700800',
  email: 'jan.kowalski@example.com',
  lotteryRegulations: true,
  authorizedPerson: true,
  personalDataClause: true,
};
const ADDRESS = {
  city: 'Kraków',
  postalCode: '00-950',
  street: 'Długa',
  houseNumber: '5',
  apartmentNumber: '',
};
const PESEL = '44051401359';
const ID_CARD = 'ABA300000';
const IBAN = 'PL61109010140000071219812874';
const SERIAL = '1234567890123456789';

const ONLINE = (code: string) => code.charAt(0).toLowerCase() === 'e';

/** A valid payload of API.md for the tier, with a PESEL and an ID card where asked. */
export function validStatement(
  tier: TierId,
  code: string,
  hash: string | null = null,
): Record<string, unknown> {
  const online = ONLINE(code);
  const base = { type: tier, code, codeType: online ? 'ONLINE' : 'OFFLINE', ...COMMON };
  const image = online ? null : pngDataUrl();
  const identity = { pesel: PESEL, birthDate: null, identityCardNumber: ID_CARD, passportNumber: null };
  const exposed = {
    politicallyExposedPerson: false,
    familyPoliticallyExposedPerson: false,
    closeAssociatePoliticallyExposedPerson: false,
  };
  switch (tier) {
    case 'I':
    case 'II':
      return {
        ...base,
        additionalAward: true,
        hash,
        address: ADDRESS,
        image,
        ...identity,
        nationality: 'polskie',
        countryOfBirth: 'Polska',
        statementExposedPosition: exposed,
        actualBeneficiary: true,
        ...(tier === 'I' ? { iban: IBAN } : {}),
      };
    case 'III':
      return { ...base, additionalAward: true, address: ADDRESS, image, ...identity, nationality: null };
    case 'IV':
    case 'V':
      return { ...base, hash, address: ADDRESS, image };
    case 'VI':
      return { ...base, iban: IBAN, serialNumber: online ? null : SERIAL };
    case 'WINTO':
      return {
        ...base,
        hash,
        address: null,
        image,
        ...identity,
        nationality: null,
        countryOfBirth: null,
        statementExposedPosition: {
          politicallyExposedPerson: null,
          familyPoliticallyExposedPerson: null,
          closeAssociatePoliticallyExposedPerson: null,
        },
        actualBeneficiary: null,
        iban: IBAN,
      };
  }
}
