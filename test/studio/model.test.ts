import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import definitions from '#schemas/definitions.json';
import definitionsUi from '#schemas/definitions.ui.json';
import { campaign, prizes, tierById, type TierId } from '#shared/campaign.ts';
import { composeTierForm, type TierFile } from '#shared/statement/tier-forms.ts';
import { TIER_FILES } from '#shared/statement/generated/tier-files.ts';
import { checkTierFile, type SharedFiles } from '#tooling/schema-check.ts';
import { fieldRows } from '#studio/field-rows.ts';
import { formById } from '#studio/forms.ts';
import { applyEdit, requiredMessageFor, type Edit } from '#studio/model.ts';
import { KNOWN_WIDGETS } from '#widgets/registry.ts';

const shared = { definitions, definitionsUi } as SharedFiles;
const context = (tierId: TierId) => ({
  form: formById(tierId)!,
  shared,
  onlinePrefix: campaign.onlineCodePrefix,
});
const rows = (tierId: TierId, file: TierFile = TIER_FILES[tierId]) => fieldRows(file, context(tierId));
const row = (tierId: TierId, field: string, file?: TierFile) =>
  rows(tierId, file).find((candidate) => candidate.name === field);
const edit = (tierId: TierId, ...edits: Edit[]) =>
  edits.reduce((file, next) => applyEdit(file, next, context(tierId)), TIER_FILES[tierId]);
const problems = (tierId: TierId, file: TierFile) =>
  checkTierFile({
    tier: tierById(tierId)!,
    file,
    shared,
    onlinePrefix: campaign.onlineCodePrefix,
    knownWidgets: KNOWN_WIDGETS,
  });

describe('the fields a tier offers', () => {
  it('one row per field the tier can carry, with its Polish title, by section in the file’s order', () => {
    expect(rows('VI').map(({ name, title, section }) => [name, title, section])).toEqual([
      ['code', 'Kod promocyjny', 'kupon'],
      ['serialNumber', 'Numer seryjny kuponu', 'kupon'],
      ['firstName', 'Imię', 'dane'],
      ['lastName', 'Nazwisko', 'dane'],
      ['phone', 'Numer telefonu', 'dane'],
      ['email', 'Adres e-mail', 'dane'],
      ['bankAccount', 'Numer rachunku bankowego', 'dane'],
      ['consents', 'Zgody i oświadczenia', 'zgody'],
    ]);
  });

  it('a field whose payload value the tier never carries is not offered (winTo: no political block)', () => {
    const names = rows('WINTO').map(({ name }) => name);
    expect(names).not.toContain('answer_1');
    expect(names).not.toContain('confirmed');
    expect(rows('IV').map(({ name }) => name)).not.toContain('pesel');
  });

  it('a field the contract needs is locked shown and required, with the reason in Polish', () => {
    // One reason for both switches, in plain words; the data's name is for the technical details.
    const reason =
      'Organizator musi otrzymać to pole w oświadczeniu — dlatego jest zawsze widoczne i obowiązkowe.';
    expect(row('VI', 'phone')).toMatchObject({
      visible: true,
      required: true,
      visibleLock: reason,
      requiredLock: reason,
      payload: ['phoneNumber'],
    });
    expect(row('IV', 'address_street')).toMatchObject({ visible: true, required: false });
    expect(row('IV', 'address_street')?.visibleLock).toBeUndefined();
    expect(row('IV', 'address_street')?.requiredLock).toBeUndefined();
  });

  it('the "no PESEL" box cannot be made required, nor a field shown by a condition hidden', () => {
    expect(row('I', 'noPesel')?.requiredLock).toMatch(/nie może być obowiązkowe/);
    expect(row('III', 'citizenship')?.visibleLock).toBeDefined();
  });

  // The locks and the check agree: every switch the studio leaves free can be flipped and saved, and
  // every switch the contract locks would be refused by schemas:check, next to that field.
  it.each(prizes.tiers.map((tier) => tier.id))(
    'tier %s: free switches pass the check, locked ones not',
    (id) => {
      for (const field of rows(id)) {
        const flips: Array<[Edit, string | undefined]> = [
          [{ kind: 'visible', field: field.name, on: !field.visible }, field.visibleLock],
          [{ kind: 'required', field: field.name, on: !field.required }, field.requiredLock],
        ];
        for (const [flip, lock] of flips) {
          const flipped = edit(id, flip);
          if (!lock) {
            expect(flipped, JSON.stringify(flip)).not.toEqual(TIER_FILES[id]);
            expect(problems(id, flipped), JSON.stringify(flip)).toEqual([]);
          } else if (
            field.payload.length > 0 &&
            lock.includes('Organizator musi') &&
            !isDeepStrictEqual(flipped, TIER_FILES[id])
          ) {
            expect(
              problems(id, flipped).map((problem) => problem.field?.split('.')[0]),
              JSON.stringify(flip),
            ).toContain(field.name);
          }
        }
      }
    },
    // Some forty checks of a whole tier each: seconds, not a timing under test.
    30_000,
  );
});

describe('edits', () => {
  it('making the street required on tier IV writes what schemas/README.md shows', () => {
    const file = edit('IV', { kind: 'required', field: 'address_street', on: true });
    expect(file.schema.required).toEqual([...(TIER_FILES.IV.schema.required as string[]), 'address_street']);
    expect(row('IV', 'address_street', file)?.required).toBe(true);
    // docs/decisions/studio.md#proposed-messages: it gets its own message, not the general one (which stays
    // its default).
    expect(row('IV', 'address_street', file)?.texts).toContainEqual({
      key: 'requiredMessage',
      label: 'Komunikat, gdy pole jest puste',
      value: 'Ulica jest wymagana',
      fallback: 'Pole wymagane',
    });
    expect(TIER_FILES.IV.schema.required).not.toContain('address_street');
    // Made optional again, the proposal goes with it: the file is as it was.
    expect(applyEdit(file, { kind: 'required', field: 'address_street', on: false }, context('IV'))).toEqual(
      TIER_FILES.IV,
    );
  });

  it('the message proposed for a field made required guesses the gender from the first word', () => {
    const proposal = (title: string) => requiredMessageFor({ title, texts: [] });
    expect(proposal('Ulica')).toBe('Ulica jest wymagana');
    expect(proposal('Miejscowość')).toBe('Miejscowość jest wymagana');
    expect(proposal('Numer lokalu')).toBe('Numer lokalu jest wymagany');
    expect(proposal('Nazwisko')).toBe('Nazwisko jest wymagane');
    expect(proposal('Imię')).toBe('Imię jest wymagane');
  });

  it('every label and message knows its default, which an emptied box shows', () => {
    const relabelled = edit('IV', { kind: 'text', field: 'address_house', key: 'title', value: 'Budynek' });
    expect(row('IV', 'address_house', relabelled)?.texts[0]).toMatchObject({
      value: 'Budynek',
      fallback: 'Numer domu',
    });
  });

  it('moving the e-mail up on tier V puts it before the phone; the ends of a section do not move', () => {
    const file = edit('V', { kind: 'move', field: 'email', by: -1 });
    const order = file.uiSchema['ui:order'] as string[];
    expect(order.indexOf('email')).toBe(order.indexOf('phone') - 1);
    expect(row('V', 'firstName')?.canMoveUp).toBe(false);
    expect(row('V', 'email')?.canMoveDown).toBe(false);
    // The first field of the winner's data does not jump over the coupon.
    expect(edit('V', { kind: 'move', field: 'firstName', by: -1 })).toEqual(TIER_FILES.V);
  });

  it('hiding an optional field removes it everywhere; showing it again puts it at the end of its section', () => {
    const hidden = edit('IV', { kind: 'visible', field: 'address_flat', on: false });
    expect(hidden.schema.properties).not.toHaveProperty('address_flat');
    expect(hidden.uiSchema['ui:order']).not.toContain('address_flat');
    expect(row('IV', 'address_flat', hidden)).toMatchObject({
      visible: false,
      requiredLock: 'Najpierw zaznacz „Widoczne”.',
    });
    const shown = applyEdit(hidden, { kind: 'visible', field: 'address_flat', on: true }, context('IV'));
    expect(shown.schema.properties).toHaveProperty('address_flat', { $ref: '#/$defs/address_flat' });
    const order = shown.uiSchema['ui:order'] as string[];
    expect(order.indexOf('address_flat')).toBe(order.indexOf('consents') - 1);
    expect(problems('IV', shown)).toEqual([]);
  });

  it('a label, a help text and messages are the tier’s own; the default again removes the override', () => {
    const file = edit(
      'IV',
      { kind: 'text', field: 'address_house', key: 'title', value: 'Numer budynku' },
      { kind: 'text', field: 'address_house', key: 'requiredMessage', value: 'Podaj numer budynku' },
      { kind: 'text', field: 'address_house', key: 'message:maxLength', value: 'Najwyżej 50 znaków.' },
      { kind: 'text', field: 'phone', key: 'help', value: 'Zadzwonimy tylko w sprawie nagrody.' },
    );
    expect(file.schema.properties).toHaveProperty('address_house', {
      $ref: '#/$defs/address_house',
      title: 'Numer budynku',
      'x-requiredMessage': 'Podaj numer budynku',
      errorMessage: { maxLength: 'Najwyżej 50 znaków.' },
    });
    expect(file.uiSchema.phone).toEqual({ 'ui:help': 'Zadzwonimy tylko w sprawie nagrody.' });
    const { schema, uiSchema } = composeTierForm('IV', file, shared, campaign.onlineCodePrefix);
    expect(schema.properties?.address_house).toMatchObject({ title: 'Numer budynku' });
    expect(uiSchema.phone).toMatchObject({ 'ui:help': 'Zadzwonimy tylko w sprawie nagrody.' });
    expect(problems('IV', file)).toEqual([]);

    const back = [
      { kind: 'text', field: 'address_house', key: 'title', value: 'Numer domu' },
      { kind: 'text', field: 'address_house', key: 'requiredMessage', value: 'Numer domu jest wymagany' },
      {
        kind: 'text',
        field: 'address_house',
        key: 'message:maxLength',
        value: 'Pole może mieć maksymalnie 50 znaków.',
      },
      { kind: 'text', field: 'phone', key: 'help', value: '' },
    ] satisfies Edit[];
    expect(back.reduce((next, change) => applyEdit(next, change, context('IV')), file)).toEqual(
      TIER_FILES.IV,
    );
  });

  it('a message stating another number than its rule is refused at its field', () => {
    expect(row('IV', 'address_street')?.texts.find((text) => text.key === 'message:maxLength')?.value).toBe(
      'Pole może mieć maksymalnie 100 znaków.',
    );
    const file = edit('IV', {
      kind: 'text',
      field: 'address_street',
      key: 'message:maxLength',
      value: 'Ulica może mieć najwyżej 80 znaków.',
    });
    expect(problems('IV', file)).toEqual([
      {
        file: 'schemas/tier-iv.json',
        place: '/schema/properties/address_street',
        field: 'address_street',
        message:
          'komunikat reguły „maxLength” podaje 80, a reguła ma 100 — napisz w nim {znaki} (albo {litery}), a program wstawi liczbę z reguły',
      },
    ]);
  });

  it('a consent’s wording and a political question’s label are edited where the look keeps them', () => {
    const file = edit(
      'I',
      { kind: 'text', field: 'consents', key: 'part:rules', value: 'Akceptuję Regulamin Loterii.' },
      { kind: 'text', field: 'answer_1', key: 'title', value: 'Czy pełni Pan/Pani funkcję polityczną?' },
    );
    expect(file.uiSchema.consents).toMatchObject({ rules: { 'ui:title': 'Akceptuję Regulamin Loterii.' } });
    expect(file.uiSchema.answer_1).toEqual({ 'ui:title': 'Czy pełni Pan/Pani funkcję polityczną?' });
    expect(row('I', 'answer_1', file)?.title).toBe('Czy pełni Pan/Pani funkcję polityczną?');
  });

  it('the short names of the list of what is missing are editable; the default again removes them', () => {
    const file = edit(
      'II',
      { kind: 'text', field: 'consents', key: 'partShort:rodo', value: 'Zgoda RODO' },
      { kind: 'text', field: 'answer_2', key: 'shortTitle', value: 'Pytanie o rodzinę' },
    );
    expect(file.uiSchema.consents).toMatchObject({ rodo: { 'ui:shortTitle': 'Zgoda RODO' } });
    expect(file.uiSchema.answer_2).toEqual({ 'ui:shortTitle': 'Pytanie o rodzinę' });
    const texts = (field: string) => row('II', field, file)?.texts.map(({ key, value }) => [key, value]);
    expect(texts('consents')).toContainEqual(['partShort:rodo', 'Zgoda RODO']);
    expect(texts('answer_2')).toContainEqual(['shortTitle', 'Pytanie o rodzinę']);
    const back = applyEdit(
      file,
      { kind: 'text', field: 'answer_2', key: 'shortTitle', value: '' },
      context('II'),
    );
    expect(back.uiSchema.answer_2).toBeUndefined();
  });

  it('an emptied label or message goes back to the default; an emptied help text is no help', () => {
    const relabelled = edit('IV', {
      kind: 'text',
      field: 'address_street',
      key: 'title',
      value: 'Ulica i numer',
    });
    const emptied = applyEdit(
      relabelled,
      { kind: 'text', field: 'address_street', key: 'title', value: '  ' },
      context('IV'),
    );
    expect(emptied).toEqual(TIER_FILES.IV);
    const noHelp = edit('VI', { kind: 'text', field: 'bankAccount', key: 'help', value: '' });
    expect(noHelp.uiSchema.bankAccount).toEqual({ 'ui:help': '' });
    expect(problems('VI', noHelp)).toEqual([]);
  });

  it('a message of a rule only the tier file adds can be changed, and is not emptied', () => {
    const withRule = structuredClone(TIER_FILES.IV);
    (withRule.schema.properties as Record<string, object>).address_street = {
      $ref: '#/$defs/address_street',
      minLength: 3,
      errorMessage: { minLength: 'Za krótko.' },
    };
    const changed = applyEdit(
      withRule,
      { kind: 'text', field: 'address_street', key: 'message:minLength', value: 'Co najmniej 3 znaki.' },
      context('IV'),
    );
    expect(changed.schema.properties).toHaveProperty('address_street.errorMessage', {
      minLength: 'Co najmniej 3 znaki.',
    });
    const emptied = applyEdit(
      changed,
      { kind: 'text', field: 'address_street', key: 'message:minLength', value: '' },
      context('IV'),
    );
    expect(emptied).toEqual(changed);
  });

  it('the consents’ own messages are editable too', () => {
    const consents = row('IV', 'consents')!;
    expect(consents.texts.map((text) => text.key)).toEqual(
      expect.arrayContaining(['part:rules', 'requiredMessage', 'message:type']),
    );
    const file = edit('IV', {
      kind: 'text',
      field: 'consents',
      key: 'requiredMessage',
      value: 'Zaznacz wszystkie zgody.',
    });
    expect(file.schema.properties).toHaveProperty('consents.x-requiredMessage', 'Zaznacz wszystkie zgody.');
    expect(problems('IV', file)).toEqual([]);
  });

  it('the messages of a field from a ready condition are not editable here, with the reason', () => {
    const photo = row('IV', 'file');
    expect(photo?.requiredLock).toMatch(/gotowego warunku/);
    expect(photo?.texts.filter((text) => text.key.startsWith('message:')).every((text) => text.lock)).toBe(
      true,
    );
  });
});
