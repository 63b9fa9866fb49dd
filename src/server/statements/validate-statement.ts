import { Ajv, type ErrorObject } from 'ajv';
import messages from '#content/statement-messages.json';
import { isObject } from '#shared/json.ts';
import { normalizeText } from '#shared/normalize-text.ts';
import {
  prizes,
  tierById,
  statementEndpoint,
  type StatementEndpoint,
  type Tier,
  type TierId,
} from '#shared/campaign.ts';
import { tierForms } from '#shared/statement/forms.ts';
import { VALIDATOR_FUNCTIONS } from '#shared/statement/generated/validators.ts';
import {
  PAYLOAD_PATH_OF_FORM_FIELD,
  buildPayload,
  payloadFields,
  payloadShape,
  payloadToFormData,
  type StatementPayload,
} from '#shared/statement/payload.ts';
import { firstMessagePerField } from '#shared/statement/statement-errors.ts';
import { createTierValidator, visibleFields, type TierValidator } from '#shared/statement/validators.ts';

// The server's check of a statement body: the browser's precompiled tier validators, plus the exact
// shape of docs/api.md#the-payload (unknown fields rejected, no type coercion) and the consistency of the
// parts.

export interface StatementProblem {
  /** The payload field, dotted for nested ones ("address.postalCode"). */
  field: string;
  message: string;
}

export type StatementVerdict =
  { ok: true; tier: Tier; payload: StatementPayload } | { ok: false; problems: StatementProblem[] };

export type { StatementEndpoint };

const validators = Object.fromEntries(
  prizes.tiers.map((tier) => [tier.id, createTierValidator(tier.id, VALIDATOR_FUNCTIONS[tier.id])]),
) as Record<TierId, TierValidator>;

/** The consents each tier's form asks (the form data of a payload ticks exactly these). */
const askedConsents = Object.fromEntries(
  prizes.tiers.map((tier) => {
    const consents = tierForms[tier.id].schema.properties?.consents as
      { properties?: Record<string, unknown> } | undefined;
    return [tier.id, Object.keys(consents?.properties ?? {})];
  }),
) as Record<TierId, string[]>;

export function tierValidator(tierId: TierId): TierValidator {
  return validators[tierId];
}

const shapeAjv = new Ajv({ allErrors: true, strict: true, coerceTypes: false, useDefaults: false });
const shapeValidators = Object.fromEntries(
  prizes.tiers.map((tier) => [tier.id, shapeAjv.compile(payloadShape(tier))]),
) as Record<TierId, ReturnType<Ajv['compile']>>;

function shapeProblem(error: ErrorObject): StatementProblem {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  if (error.keyword === 'additionalProperties') {
    const extra = String(error.params.additionalProperty);
    return { field: path ? `${path}.${extra}` : extra, message: messages.unknownField };
  }
  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty);
    return { field: path ? `${path}.${missing}` : missing, message: messages.missingField };
  }
  if (path === 'hash') return { field: path, message: messages.hashMissing };
  return { field: path, message: error.keyword === 'maxLength' ? messages.tooLong : messages.wrongType };
}

function uniqueByField(problems: StatementProblem[]): StatementProblem[] {
  const seen = new Set<string>();
  return problems.filter(({ field }) => !seen.has(field) && Boolean(seen.add(field)));
}

interface Mismatch {
  path: string;
  expected: unknown;
  sent: unknown;
}

/** Where a sent value differs from the expected one, by dotted path (object keys in any order). */
function mismatches(expected: unknown, sent: unknown, path: string): Mismatch[] {
  if (isObject(expected) && isObject(sent)) {
    return Object.keys(expected).flatMap((key) => mismatches(expected[key], sent[key], `${path}.${key}`));
  }
  return expected === sent ? [] : [{ path, expected, sent }];
}

/**
 * Why a value the tier schema accepts is still not what the form sends: its format, where a text was
 * expected and one is known; otherwise (e.g. a value sent where the form asks none) the generic message.
 */
function mismatchMessage({ path, expected, sent }: Mismatch): string {
  if (typeof sent !== 'string' || typeof expected !== 'string') return messages.inconsistent;
  if (sent.trim() === expected) return messages.untrimmed;
  return (messages.formats as Record<string, string>)[path] ?? messages.inconsistent;
}

// Fields that decide which others the form asks (online code: no photo, no serial number; PESEL or birth
// date; ID card or passport). When one of them is unreadable, the others cannot be judged.
const DECIDING_FIELDS = ['code', 'pesel', 'identityCardNumber'];

/**
 * Checks a statement body as docs/api.md#the-payload fixes it. Every problem found is listed (one per field):
 * the shape's (unknown, missing or mistyped fields), then the tier schema's on the fields that have a shape.
 * Its texts are taken in Unicode NFC, as the browser sends them: what is checked, and the payload of an
 * accepted statement (what is stored), is NFC whatever the sender did. Not checked here: the photo's PNG
 * content, the claim, duplicates (the server's part).
 */
export function validateStatement(sent: unknown, endpoint: StatementEndpoint): StatementVerdict {
  const body = normalizeText(sent);
  if (!isObject(body)) return { ok: false, problems: [{ field: 'body', message: messages.invalidBody }] };
  const tier = typeof body.type === 'string' ? tierById(body.type) : undefined;
  if (!tier) return { ok: false, problems: [{ field: 'type', message: messages.unknownType }] };
  if (statementEndpoint(tier) !== endpoint) {
    return { ok: false, problems: [{ field: 'type', message: messages.wrongEndpoint }] };
  }

  const checkShape = shapeValidators[tier.id];
  const problems = checkShape(body) ? [] : uniqueByField((checkShape.errors ?? []).map(shapeProblem));
  const shapeOk = problems.length === 0;
  const reported = (field: string) =>
    problems.some((problem) => problem.field.split('.')[0] === field.split('.')[0]);
  if (DECIDING_FIELDS.some(reported)) return { ok: false, problems };
  // The fields of the tier whose shape is right go on to the schema; the rest are reported already.
  const payload = Object.fromEntries(
    payloadFields(tier)
      .filter((field) => field in body && !reported(field))
      .map((field) => [field, body[field]]),
  ) as unknown as StatementPayload;

  // The same schema and messages as the browser, on the form data this payload stands for.
  const validator = validators[tier.id];
  const { schema } = tierForms[tier.id];
  const formData = payloadToFormData(tier, payload, askedConsents[tier.id]);
  for (const [formField, message] of firstMessagePerField(
    validator.rawValidation(schema, formData).errors ?? [],
  )) {
    const field = PAYLOAD_PATH_OF_FORM_FIELD.get(formField) ?? formField;
    if (!reported(field)) problems.push({ field, message });
  }

  // The rest compares the whole body with what the form would send: it needs every field's shape.
  if (!shapeOk) return { ok: false, problems: uniqueByField(problems) };

  // What the form would have sent for this data must be what was sent: a field the form does not ask
  // (given the toggles) must be null, codeType must follow the code, formats must be the contract's.
  const visible = visibleFields(validator, schema, formData);
  const expected = buildPayload(tier, formData, { hash: payload.hash ?? null, visible });
  for (const field of payloadFields(tier)) {
    if (reported(field)) continue;
    for (const mismatch of mismatches(expected[field], payload[field], field)) {
      problems.push({ field: mismatch.path, message: mismatchMessage(mismatch) });
    }
  }
  // spec §4: an offline code (other than tier VI, whose form has no photo) needs the coupon photo.
  if (visible.has('file') && payload.image === null && !reported('image')) {
    problems.push({ field: 'image', message: messages.fileRequired });
  }
  return problems.length > 0 ? { ok: false, problems: uniqueByField(problems) } : { ok: true, tier, payload };
}

/**
 * docs/api.md#statement-errors: the error body "pole: komunikat; pole: komunikat". The client shows only what
 * follows each item's colon, but splits only a message with a semicolon (spec §8): a lone problem ends with
 * one too, so the visitor never reads a field name.
 */
export function problemsMessage(problems: StatementProblem[]): string {
  const items = problems.map(({ field, message }) => `${field}: ${message}`);
  return items.length === 1 ? `${items[0]};` : items.join('; ');
}
