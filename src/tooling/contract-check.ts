import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import type { Presence, Tier } from '#shared/campaign.ts';
import { runtimeValidator } from '#shared/statement/keywords.ts';
import { payloadRow, tierPayload } from '#shared/statement/payload.ts';
import type { SchemaProblem } from './schema-problem';
import { firstMessagePerField } from '#shared/statement/statement-errors.ts';

// Part of `npm run schemas:check` (schema-check.ts): whether a tier file's form can give the payload the
// organiser must receive (docs/api.md#the-payload), in every state of the form's toggles. Pure, like the
// rest.

// The toggles of the contract: a form state sets each, and a presence says which state carries a value.
interface FormState {
  noPesel: boolean;
  noPersonalId: boolean;
  online: boolean;
}

const STATES: FormState[] = [false, true].flatMap((noPesel) =>
  [false, true].flatMap((noPersonalId) => [false, true].map((online) => ({ noPesel, noPersonalId, online }))),
);

const CARRIES: Record<Presence, (state: FormState) => boolean> = {
  always: () => true,
  withPesel: (state) => !state.noPesel,
  withoutPesel: (state) => state.noPesel,
  withIdCard: (state) => !state.noPersonalId,
  withoutIdCard: (state) => state.noPersonalId,
  offline: (state) => !state.online,
  never: () => false,
};

/** The toggle a presence depends on, and in which of its states the value is null. */
const TOGGLE_OF: Partial<Record<Presence, 'noPesel' | 'noPersonalId'>> = {
  withPesel: 'noPesel',
  withoutPesel: 'noPesel',
  withIdCard: 'noPersonalId',
  withoutIdCard: 'noPersonalId',
};

export interface ContractContext {
  tier: Tier;
  schema: RJSFSchema;
  onlinePrefix: string;
  label(field: string): string;
}

/** When the form is in this state, in words, as far as `presence` depends on it. */
function stateInWords(presence: Presence, state: FormState, label: ContractContext['label']): string {
  const toggle = TOGGLE_OF[presence];
  if (toggle)
    return state[toggle]
      ? ` (gdy zaznaczono „${label(toggle)}”)`
      : ` (gdy nie zaznaczono „${label(toggle)}”)`;
  if (presence === 'offline') return state.online ? ' (dla kodu internetowego)' : ' (dla kodu z kuponu)';
  return '';
}

/**
 * The payload contract (docs/api.md#the-payload: the payload table and the tier registry): in every state of
 * the form's toggles, each form field a payload value needs is shown (and required, where the value may not
 * be empty), and none is shown whose payload value must then be null.
 */
// One runtime validator for every check: it caches what it compiled, by schema (the studio checks often).
const validator = runtimeValidator();

export function contractProblems(
  { tier, schema, onlinePrefix, label }: ContractContext,
  file: string,
): SchemaProblem[] {
  const problems = new Map<string, SchemaProblem>();
  const add = (field: string, place: string, message: string) => {
    if (!problems.has(field)) problems.set(field, { file, place, field, message });
  };
  const rootNames = new Set(Object.keys(schema.properties ?? {}));
  const stateData = (state: FormState) => ({
    code: `${state.online ? onlinePrefix : 'A'}0000000000`.slice(0, 11),
    noPesel: state.noPesel,
    noPersonalId: state.noPersonalId,
  });
  // Where each field is shown (and so can be tried with the values the contract rules out).
  const shownIn = new Map<string, FormState>();
  for (const state of STATES) {
    const resolved = retrieveSchema(validator, schema, schema, stateData(state));
    const properties = (resolved.properties ?? {}) as Record<string, RJSFSchema>;
    const required = new Set(resolved.required ?? []);
    for (const name of Object.keys(properties)) if (!shownIn.has(name)) shownIn.set(name, state);
    for (const name of required) {
      if (!(name in properties)) {
        add(
          name,
          '/schema/required',
          `pole jest obowiązkowe, ale formularz go nie pokazuje${stateAsAWhole(state, rootNames, label)} — ` +
            'nikt nie mógłby wtedy wysłać oświadczenia',
        );
      }
    }
    const isRequired = (field: string) => {
      const [top, part] = field.split('.') as [string, string | undefined];
      if (!(top in properties) || !required.has(top)) return false;
      return part === undefined || (properties[top]?.required ?? []).includes(part);
    };
    for (const [payloadField, presence] of tierPayload(tier)) {
      const has = CARRIES[presence](state);
      const when = stateInWords(presence, state, label);
      for (const { field, path, need } of payloadRow(payloadField).from) {
        const top = field.split('.')[0]!;
        if (need === 'toggle') {
          if (TOGGLE_OF[presence] === field && !rootNames.has(field)) {
            add(
              field,
              '/schema/properties',
              `formularz musi mieć to pole: od niego zależy, czy wysyła się „${path}”`,
            );
          }
        } else if (has && need === 'required' && !isRequired(field)) {
          add(
            field,
            '/schema/required',
            `pole musi być obowiązkowe${when}: dane oświadczenia muszą wtedy zawierać „${path}” (docs/api.md)`,
          );
        } else if (has && need === 'shown' && !(top in properties)) {
          add(
            field,
            '/schema/allOf',
            `pole musi być w formularzu${when}: dane oświadczenia zawierają wtedy „${path}”`,
          );
        } else if (!has && top in properties && !field.includes('.')) {
          add(
            field,
            '/schema/properties',
            `pola nie może być w formularzu${when}: w danych tego poziomu „${path}” jest wtedy puste (null, docs/api.md)`,
          );
        }
      }
    }
    // spec §5: the tax consent, required, exactly where the tier has a tax award.
    const consents = properties.consents;
    const asksTax = Boolean(consents?.properties?.tax) && (consents?.required ?? []).includes('tax');
    if (consents && asksTax !== tier.taxAward) {
      add(
        'consents.tax',
        '/schema/properties/consents',
        tier.taxAward
          ? 'zgody muszą zawierać obowiązkową zgodę na nagrodę dodatkową (tax): ten poziom ma nagrodę dodatkową (prizes.json, taxAward)'
          : 'zgody nie mogą zawierać zgody na nagrodę dodatkową (tax): ten poziom nie ma nagrody dodatkowej',
      );
    }
  }

  // The values the contract rules out must be refused by the field's rules, wherever it is shown.
  for (const [payloadField] of tierPayload(tier)) {
    for (const { field, path, refuses = [] } of payloadRow(payloadField).from) {
      const [top, part] = field.split('.') as [string, string | undefined];
      const state = shownIn.get(top);
      if (!state || problems.has(field)) continue;
      for (const value of refuses) {
        const formData = { ...stateData(state), [top]: part === undefined ? value : { [part]: value } };
        const errors = firstMessagePerField(validator.rawValidation(schema, formData).errors ?? []);
        if (!errors.has(field)) {
          add(
            field,
            `/schema/properties/${top}`,
            `pole przyjmuje ${valueInWords(value)}, czego dane oświadczenia nie mogą zawierać („${path}”, ` +
              'docs/api.md) — sprawdź reguły pola w definitions.json i w tym pliku',
          );
          break;
        }
      }
    }
  }
  return [...problems.values()];
}

const valueInWords = (value: unknown) =>
  typeof value === 'string' && value.length > 30
    ? `tekst o długości ${value.length} znaków`
    : `„${String(value)}”`;

/** A whole state of the form in words, for a problem that is not about one toggle. */
function stateAsAWhole(
  state: FormState,
  shown: ReadonlySet<string>,
  label: ContractContext['label'],
): string {
  const toggles = (['noPesel', 'noPersonalId'] as const)
    .filter((toggle) => shown.has(toggle))
    .map((toggle) => `gdy ${state[toggle] ? '' : 'nie '}zaznaczono „${label(toggle)}”`);
  return ` (${[...toggles, state.online ? 'dla kodu internetowego' : 'dla kodu z kuponu'].join(', ')})`;
}
