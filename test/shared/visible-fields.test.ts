import { describe, expect, it } from 'vitest';
import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { TierId } from '#shared/campaign.ts';
import type { StatementFormData } from '#shared/statement/generated/form-data.ts';
import { tierForms } from '#shared/statement/forms.ts';
import { visibleFields, type TierValidator } from '#shared/statement/validators.ts';
import { tierValidator } from '#server/statements/validate-statement.ts';
import { OFFLINE_CODE, ONLINE_CODE, validStatements } from '../fixtures/statements';

// visibleFields keeps the fields per outcome of a schema's conditions (src/shared/statement/validators.ts):
// whatever it kept, it must answer as rjsf's retrieveSchema does for the data at hand.
const resolved = (check: TierValidator, schema: RJSFSchema, form: StatementFormData) =>
  new Set(Object.keys(retrieveSchema(check, schema, schema, form).properties ?? {}));

/** Each fixture's form with the conditions' fields (the code, the "no PESEL" and "no ID card" boxes) varied. */
function variants(tier: TierId): StatementFormData[] {
  return validStatements
    .filter((fixture) => fixture.tier === tier)
    .flatMap(({ form }) =>
      [OFFLINE_CODE, ONLINE_CODE, undefined].flatMap((code) =>
        [true, false, undefined].flatMap((noPesel) =>
          [true, false, undefined].map((noPersonalId) => ({ ...form, code, noPesel, noPersonalId })),
        ),
      ),
    );
}

describe.each(Object.keys(tierForms) as TierId[])('the fields tier %s shows', (tier) => {
  it('are those of the schema its conditions resolve to, for every outcome, in any order', () => {
    const { schema } = tierForms[tier];
    const forms = variants(tier);
    expect(forms.length).toBeGreaterThan(0);
    // Forwards and back: each outcome is met once with nothing kept, then again with the others kept.
    for (const form of [...forms, ...forms.reverse()]) {
      expect(visibleFields(tierValidator(tier), schema, form)).toEqual(
        resolved(tierValidator(tier), schema, form),
      );
    }
  });
});

describe('the fields of a schema that depends on the data otherwise', () => {
  it('are resolved anew for each data (a dependency: no outcome of conditions decides them)', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { card: { type: 'boolean' } },
      dependencies: { card: { properties: { cardNumber: { type: 'string' } } } },
    };
    const check = validator as TierValidator;
    expect(visibleFields(check, schema, {})).toEqual(new Set(['card']));
    expect(visibleFields(check, schema, { card: true } as StatementFormData)).toEqual(
      new Set(['card', 'cardNumber']),
    );
  });
});
