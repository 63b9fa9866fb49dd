import { describe, expect, it } from 'vitest';
import { tierById } from '#shared/campaign.ts';
import { buildPayload } from '#shared/statement/payload.ts';
import {
  problemsMessage,
  tierValidator,
  validateStatement,
  type StatementEndpoint,
} from '#server/statements/validate-statement.ts';
import { firstMessagePerField } from '#shared/statement/statement-errors.ts';
import { tierForms } from '#shared/statement/forms.ts';
import { visibleFields } from '#shared/statement/validators.ts';
import { validStatements } from '../fixtures/statements';

const endpointOf = (tier: string) =>
  tier === 'III' || tier === 'VI' ? 'complete-testimonial' : 'draw-complete-testimonial';

describe.each(validStatements)('$name', ({ tier: tierId, hash, form, payload }) => {
  const tier = tierById(tierId)!;
  const validator = tierValidator(tierId);

  it('is complete in the browser (no error on any field)', () => {
    const errors = validator.rawValidation(tierForms[tierId].schema, form).errors ?? [];
    expect(Object.fromEntries(firstMessagePerField(errors))).toEqual({});
  });

  it('builds exactly the payload of docs/api.md', () => {
    expect(
      buildPayload(tier, form, { hash, visible: visibleFields(validator, tierForms[tierId].schema, form) }),
    ).toEqual(payload);
  });

  it('is accepted by the server check', () => {
    expect(validateStatement(payload, endpointOf(tierId))).toEqual({ ok: true, tier, payload });
  });
});

describe('server check takes', () => {
  const tierVI = validStatements.find((fixture) => fixture.tier === 'VI')!.payload;

  it('texts in Unicode NFC: a decomposed "Zófia" is checked and kept composed', () => {
    const decomposed = 'Zo\u0301fia';
    const verdict = validateStatement(
      { ...tierVI, name: decomposed, surName: 'Ka\u0301lma\u0301n' },
      'complete-testimonial',
    );
    expect(verdict).toEqual({
      ok: true,
      tier: tierById('VI'),
      payload: { ...tierVI, name: 'Zófia', surName: 'Kálmán' },
    });
    expect(verdict.ok && verdict.payload.name.length).toBe(5);
  });

  it('an e-mail address with "=" (README: legal in addresses, ajv-formats email)', () => {
    const body = { ...tierVI, email: 'a=b@example.pl' };
    expect(validateStatement(body, 'complete-testimonial')).toEqual({
      ok: true,
      tier: tierById('VI'),
      payload: body,
    });
  });
});

describe('server check rejects', () => {
  const [tierI, , tierIII, , , tierVI] = validStatements.map((fixture) => fixture.payload);

  const problems = (body: unknown, endpoint: StatementEndpoint = 'draw-complete-testimonial') => {
    const verdict = validateStatement(body, endpoint);
    return verdict.ok
      ? {}
      : Object.fromEntries(verdict.problems.map((problem) => [problem.field, problem.message]));
  };

  it('a body that is no object, or of an unknown tier, or sent to the other endpoint', () => {
    expect(problems('x')).toEqual({ body: 'Nieprawidłowy format danych.' });
    expect(problems({ ...tierI, type: 'XYZ' })).toEqual({ type: 'Nieznany rodzaj oświadczenia.' });
    expect(problems(tierIII)).toEqual({ type: 'To oświadczenie wysyła się pod inny adres.' });
  });

  it('unknown and missing fields, and wrong types without coercion', () => {
    const { iban: _iban, ...withoutIban } = tierI!;
    expect(
      problems({ ...withoutIban, isAdmin: true, phoneNumber: 600700800, lotteryRegulations: 'true' }),
    ).toEqual({
      isAdmin: 'To pole nie należy do tego oświadczenia.',
      iban: 'Brak wymaganego pola.',
      phoneNumber: 'Nieprawidłowy typ wartości.',
      lotteryRegulations: 'Nieprawidłowy typ wartości.',
    });
    // a shape problem does not hide the rule problems of the other fields
    expect(problems({ ...tierI, isAdmin: true, name: 'J', email: 'jan' })).toEqual({
      isAdmin: 'To pole nie należy do tego oświadczenia.',
      name: 'Pole musi mieć co najmniej 2 znaki.',
      email: 'E-mail jest nieprawidłowy.',
    });
  });

  it('consents of the wrong type by their payload names only, never by the form group', () => {
    const tierIV = validStatements.find((fixture) => fixture.tier === 'IV')!.payload;
    expect(
      problems({ ...tierIV, lotteryRegulations: 'tak', authorizedPerson: 'tak', personalDataClause: 'tak' }),
    ).toEqual({
      lotteryRegulations: 'Nieprawidłowy typ wartości.',
      authorizedPerson: 'Nieprawidłowy typ wartości.',
      personalDataClause: 'Nieprawidłowy typ wartości.',
    });
  });

  it('every field rule with the messages the browser shows, all problems at once', () => {
    expect(
      problems({
        ...tierI,
        pesel: '44051401358',
        identityCardNumber: 'ABA300001',
        iban: 'DE89370400440532013000',
        email: 'jan@',
        name: 'J',
        address: { ...tierI!.address!, postalCode: '3-0001' },
        lotteryRegulations: false,
      }),
    ).toEqual({
      pesel: 'Numer PESEL jest nieprawidłowy.',
      identityCardNumber: 'Numer dowodu osobistego jest nieprawidłowy (błędna cyfra kontrolna).',
      iban: 'Numer konta bankowego musi należeć do polskiego systemu bankowego',
      email: 'E-mail jest nieprawidłowy.',
      name: 'Pole musi mieć co najmniej 2 znaki.',
      'address.postalCode': 'Pole musi mieć 5 znaków.',
      lotteryRegulations: 'Ta zgoda jest wymagana.',
    });
  });

  it('markup and SQL in text fields, in the browser and on the server alike', () => {
    expect(
      problems({
        ...tierI,
        name: '<b>Jan</b>',
        address: { ...tierI!.address!, street: "x'); DROP TABLE claims;--" },
        nationality: 'polskie<script>',
      }),
    ).toEqual({
      name: 'Pole zawiera niedozwolone znaki.',
      'address.street': 'Pole zawiera niedozwolone znaki.',
      nationality: 'Pole zawiera niedozwolone znaki.',
    });
    expect(problems({ ...tierI, name: "Anna-Maria O'Brien", surName: 'Żółć-Łęcka' })).toEqual({});
  });

  it('real Polish streets, places and citizenships, in the browser and on the server alike', () => {
    const address = tierI!.address!;
    expect(
      problems({
        ...tierI,
        address: {
          ...address,
          street: 'Al. „Solidarności”',
          houseNumber: '12A/3',
          apartmentNumber: '(lok. 5)',
        },
        nationality: 'polskie, niemieckie',
        countryOfBirth: 'Korea (Południowa)',
      }),
    ).toEqual({});
    expect(
      problems({
        ...tierI,
        address: { ...address, street: 'os. Na Skarpie (blok 5)', city: 'Kraków – Nowa Huta' },
        nationality: 'polskie/niemieckie',
        name: 'Zofia ‘Zosia’',
      }),
    ).toEqual({});
    // control and invisible characters stay refused: a bell, a zero-width space, a right-to-left override
    const refused = 'Pole zawiera niedozwolone znaki.';
    expect(
      problems({
        ...tierI,
        name: 'Jan\u0007',
        surName: 'Kowal\u200bski',
        address: { ...address, street: 'Polna\u202e 5' },
      }),
    ).toEqual({ name: refused, surName: refused, 'address.street': refused });
    expect(problems({ ...tierI, address: { ...address, city: 'Łódź\u00ad' } })).toEqual({
      'address.city': refused,
    });
  });

  it('names and places with fewer than two letters, in the browser and on the server alike', () => {
    const twoLetters = 'Pole musi zawierać co najmniej 2 litery.';
    expect(
      problems({
        ...tierI,
        name: 'Ł.',
        surName: '..',
        address: { ...tierI!.address!, city: 'Ó -' },
        nationality: 'A.',
        countryOfBirth: 'Ż.',
      }),
    ).toEqual({
      name: twoLetters,
      surName: twoLetters,
      'address.city': twoLetters,
      nationality: twoLetters,
      countryOfBirth: twoLetters,
    });
    // digits are no letters, and names take none
    expect(problems({ ...tierI, name: '1-' })).toEqual({ name: 'Pole zawiera niedozwolone znaki.' });
    expect(
      problems({
        ...tierI,
        name: 'Ng',
        surName: 'Öz',
        address: { ...tierI!.address!, city: 'Jo-Ann' },
        nationality: 'Ли',
        countryOfBirth: 'Ыы',
      }),
    ).toEqual({});
  });

  it('a PESEL or birth date of someone not yet 18 on the last day of code registration', () => {
    const adultsOnly = {
      pesel:
        'Loteria jest tylko dla osób pełnoletnich. Z numeru PESEL wynika, że w ostatnim dniu rejestracji kodów nie miałeś(-aś) ukończonych 18 lat.',
      birthDate:
        'Loteria jest tylko dla osób pełnoletnich. W ostatnim dniu rejestracji kodów nie miałeś(-aś) ukończonych 18 lat.',
    };
    // 17 years old on 2 September 2025 (born 15 March 2008)
    expect(problems({ ...tierI, pesel: '08231504560' })).toEqual({ pesel: adultsOnly.pesel });
    // the day of the boundary: 18 on 2 September 2025 is of age, born a day later is not
    expect(problems({ ...tierI, pesel: '07290201238' })).toEqual({});
    expect(problems({ ...tierI, pesel: '07290301235' })).toEqual({ pesel: adultsOnly.pesel });
    const tierII = validStatements.find((fixture) => fixture.tier === 'II')!.payload;
    expect(problems({ ...tierII, birthDate: '2007-09-02' })).toEqual({});
    expect(problems({ ...tierII, birthDate: '2007-09-03' })).toEqual({ birthDate: adultsOnly.birthDate });
    expect(problems({ ...tierIII, pesel: '08231504560' }, 'complete-testimonial')).toEqual({
      pesel: adultsOnly.pesel,
    });
    // a wrong checksum is told as such, not as an age
    expect(problems({ ...tierI, pesel: '08231504561' })).toEqual({
      pesel: 'Numer PESEL jest nieprawidłowy.',
    });
    const verdict = validateStatement({ ...tierI, pesel: '07290301235' }, 'draw-complete-testimonial');
    expect(!verdict.ok && problemsMessage(verdict.problems)).toBe(`pesel: ${adultsOnly.pesel};`);
  });

  it('a field the form does not ask given the toggles, and a codeType that does not follow the code', () => {
    expect(problems({ ...tierI, birthDate: '1944-05-14', codeType: 'ONLINE' })).toEqual({
      birthDate: 'Wartość nie zgadza się z pozostałymi danymi oświadczenia.',
      codeType: 'Typ kodu nie zgadza się z kodem promocyjnym.',
    });
    expect(problems({ ...tierI, code: 'E1B2C3D4E5F', codeType: 'ONLINE' })).toEqual({
      // an online code has no photo: the one sent was not asked for
      image: 'Wartość nie zgadza się z pozostałymi danymi oświadczenia.',
    });
    // winTo's form does not ask the political block: answers sent for it are not taken
    const winTo = validStatements.find((fixture) => fixture.tier === 'WINTO')!.payload;
    const answered = {
      politicallyExposedPerson: true,
      familyPoliticallyExposedPerson: false,
      closeAssociatePoliticallyExposedPerson: true,
    };
    expect(problems({ ...winTo, statementExposedPosition: answered })).toEqual({
      'statementExposedPosition.politicallyExposedPerson':
        'Wartość nie zgadza się z pozostałymi danymi oświadczenia.',
      'statementExposedPosition.familyPoliticallyExposedPerson':
        'Wartość nie zgadza się z pozostałymi danymi oświadczenia.',
      'statementExposedPosition.closeAssociatePoliticallyExposedPerson':
        'Wartość nie zgadza się z pozostałymi danymi oświadczenia.',
    });
  });

  it('a format other than the one of docs/api.md, naming the format', () => {
    expect(
      problems({
        ...tierI,
        name: ' Jan',
        address: { ...tierI!.address!, postalCode: '30001' },
        iban: tierI!.iban!.slice(2),
        identityCardNumber: tierI!.identityCardNumber!.toLowerCase(),
      }),
    ).toEqual({
      name: 'Wartość nie może zaczynać się ani kończyć spacją.',
      'address.postalCode': 'Kod pocztowy podaj w formacie NN-NNN.',
      iban: 'Numer rachunku podaj jako PL i 26 cyfr, bez spacji.',
      identityCardNumber: 'Numer dowodu osobistego podaj wielkimi literami.',
    });
  });

  it('a value where the form asks none is named as such, not as a format', () => {
    expect(problems({ ...tierI!, passportNumber: 'ZS0001774' })).toEqual({
      passportNumber: 'Wartość nie zgadza się z pozostałymi danymi oświadczenia.',
    });
  });

  it('only the unreadable field when it decides which others the form asks', () => {
    const onlineVI = validStatements.find((fixture) => fixture.name.startsWith('tier VI, online'))!;
    expect(problems({ ...onlineVI.payload, code: 12345 }, 'complete-testimonial')).toEqual({
      code: 'Nieprawidłowy typ wartości.',
    });
    expect(problems({ ...tierI!, pesel: 5, name: 'J' })).toEqual({ pesel: 'Nieprawidłowy typ wartości.' });
  });

  it('nothing for nested objects whose keys come in another order', () => {
    const reversed = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).reverse()) as T;
    const body = {
      ...tierI!,
      address: reversed(tierI!.address!),
      statementExposedPosition: reversed(tierI!.statementExposedPosition!),
    };
    expect(validateStatement(body, 'draw-complete-testimonial').ok).toBe(true);
  });

  it('a missing photo for an offline code, a missing hash, a missing serial number', () => {
    expect(problems({ ...tierI, image: null })).toEqual({ image: 'Plik jest wymagany' });
    expect(problems({ ...tierI, hash: null })).toEqual({
      hash: 'Otwórz oświadczenie z linku, który otrzymałeś(-aś) w wiadomości e-mail.',
    });
    expect(problems({ ...tierVI, serialNumber: null }, 'complete-testimonial' as never)).toEqual({
      serialNumber: 'Numer seryjny jest wymagany',
    });
  });

  it('joins the problems as "pole: komunikat; pole: komunikat", a lone one ending with ";"', () => {
    expect(
      problemsMessage([
        { field: 'pesel', message: 'Numer PESEL jest nieprawidłowy.' },
        { field: 'image', message: 'Plik jest wymagany' },
      ]),
    ).toBe('pesel: Numer PESEL jest nieprawidłowy.; image: Plik jest wymagany');
    expect(problemsMessage([{ field: 'code', message: 'Nie znaleziono zgłoszenia.' }])).toBe(
      'code: Nie znaleziono zgłoszenia.;',
    );
  });
});
