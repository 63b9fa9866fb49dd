import type { Tier } from '../campaign';

// docs/api.md#the-payload: the kinds of row the payload field table (payload.ts) is made of, and what a row
// says. The table itself, and everything read from it, is in payload.ts.

/**
 * A form field a payload field comes from. `required`: the form must require it whenever the payload field
 * carries a value; `shown`: it must be shown then (the coupon photo, checked on submit, spec §4);
 * `optional`: it may be empty or hidden (its payload part is then ""); `toggle`: the box that says the
 * winner has no such number, which the form must offer whenever the field's presence depends on it.
 */
export interface PayloadSource {
  field: string;
  /** The payload path it fills, dotted for nested parts ("address.city"). */
  path: string;
  need: 'required' | 'shown' | 'optional' | 'toggle';
  /** The definitions of schemas/definitions.json the field may use (default: the one named as the field). */
  definitions?: readonly string[];
  /** Values the form must refuse (schemas:check tries them): what docs/api.md#the-payload rules out for the field. */
  refuses?: readonly unknown[];
}

/** Reads the form as the payload sees it: a field the form does not show reads as null. */
export interface FormReader {
  readonly tier: Tier;
  readonly hash: string | null;
  value(field: string): unknown;
  text(field: string): string | null;
}

/** The form field a source names, or its group ("consents.rules" → "consents"). */
export const topField = (field: string) => field.split('.')[0]!;

/** Every tier, the tiers claimed by the link's hash, or those whose registry entry names the field. */
export type SentBy = 'all' | 'hashTiers' | 'registry';

/** docs/decisions/review.md#findings: what a statement is marked by, to find it on another claim's statement. */
export type MarkKind = 'pesel' | 'identityCard' | 'passport' | 'iban';

/**
 * The review's facts of a field (docs/decisions/review.md). `header`: shown in the statement's header, not
 * among its fields; `masked`: shown masked until revealed for a reason (#unmasking); `mark`: cross-checked
 * with other claims' statements through a keyed digest of this kind (#findings; the kind is part of the digest
 * and of the stored mark, so it is never renamed); `payout`: a column of the transfer file (#payout), in the
 * table's order.
 */
export interface ReviewFacts {
  header?: true;
  masked?: true;
  mark?: MarkKind;
  payout?: true;
}

export interface PayloadRow<T, S extends SentBy = SentBy> {
  sentBy: S;
  from: PayloadSource[];
  /** The JSON Schema of the value on the wire (its non-null form); the tier schema checks the rest. */
  shape: { type: string } & Record<string, unknown>;
  /** Whether the value itself can be null (statementExposedPosition is an object of null answers instead). */
  nullable: boolean;
  /**
   * At rest (docs/decisions/storage.md#sealed-statements: everything a winner sent is sealed): in the sealed
   * fields, sealed apart in the image column (large, read one at a time), or not stored at all (the link's
   * hash).
   */
  storage: 'sealed' | 'image' | 'none';
  /** What the organiser's review does with the value (none of this when absent). */
  review?: ReviewFacts;
  build(form: FormReader): T;
  /** The form fields this value stands for (the server validates them with the tier's schema). */
  toForm(value: T): Record<string, unknown>;
}

// Generous caps: the tier schema gives the precise Polish limits; these only stop abuse early.
export const TEXT = { type: 'string', maxLength: 500 };
export const FLAG = { type: 'boolean' };
export const NULLABLE_FLAG = { type: ['boolean', 'null'] };

export const row = <T, S extends SentBy>(definition: PayloadRow<T, S>) => definition;
export const source = (
  field: string,
  path: string,
  need: PayloadSource['need'] = 'required',
  more: Pick<PayloadSource, 'definitions' | 'refuses'> = {},
): PayloadSource => ({ field, path, need, ...more });

// What docs/api.md#the-payload rules out, as values to try: longer than the wire allows, and spec §5's
// lengths.
export const TOO_LONG = 'x'.repeat(TEXT.maxLength + 1);
// ... and at least two letters (docs/decisions/field-rules.md#two-letters).
export const NAME_LIKE = ['J', 'Ł.', 'x'.repeat(101)];

interface TextOptions {
  /** Identity documents are upper case on the wire (docs/api.md#the-payload). */
  upper?: boolean;
  /** The box that says the winner has no such number: ticked exactly when the value is null. */
  toggle?: 'noPesel' | 'noPersonalId';
  refuses?: readonly unknown[];
  review?: ReviewFacts;
}

/** A text the form sends trimmed, from one form field. */
export function textRow<S extends 'all' | 'registry'>(
  name: string,
  field: string,
  sentBy: S,
  options: TextOptions = {},
) {
  const { upper = false, toggle, refuses = [], review } = options;
  return row<string | null, S>({
    sentBy,
    from: [
      source(field, name, 'required', { refuses: [...refuses, TOO_LONG] }),
      ...(toggle ? [source(toggle, name, 'toggle')] : []),
    ],
    shape: TEXT,
    nullable: sentBy === 'registry',
    storage: 'sealed',
    ...(review ? { review } : {}),
    build: (form) => (upper ? (form.text(field)?.toUpperCase() ?? null) : form.text(field)),
    toForm: (value) => ({ [field]: value ?? undefined, ...(toggle ? { [toggle]: value === null } : {}) }),
  });
}

/** A text every tier sends: never null (an empty text where the form somehow lacks it). */
export function commonTextRow(
  name: string,
  field: string,
  refuses: readonly unknown[],
  review?: ReviewFacts,
) {
  const text = textRow(name, field, 'all', { refuses, review });
  return row<string, 'all'>({ ...text, build: (form) => text.build(form) ?? '' });
}

/** A consent: true when ticked (spec §5: every consent the tier shows is required). */
export function consentRow<S extends 'all' | 'registry'>(name: string, consent: string, sentBy: S) {
  const field = `consents.${consent}`;
  return row<boolean, S>({
    sentBy,
    from: [
      source(field, name, 'required', { definitions: ['consents', 'consentsWithTax'], refuses: [false] }),
    ],
    shape: FLAG,
    nullable: false,
    storage: 'sealed',
    build: (form) => form.value(field) === true,
    toForm: (value) => ({ consents: { [consent]: value } }),
  });
}
