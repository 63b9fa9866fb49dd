// The small part of JSON Schema the panel's calls are declared in, built by a few functions whose results
// carry their own TypeScript type: `FromSchema<typeof X>` is the type of a value X accepts. One declaration
// gives the server's validation and serialization (plain JSON Schema) and the panel's types (derived), so
// the two cannot drift (docs/decisions/panel-api.md).

type Primitive = 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** A schema the builders below make: JSON Schema keywords only, no `required` mistakes possible. */
export type Schema = { readonly [keyword: string]: unknown };

/** Marks a schema whose value the panel sees as `T` (an object from a library, passed on whole). */
declare const passedOn: unique symbol;
type PassedOn<T> = {
  readonly type: 'object';
  readonly additionalProperties: true;
  readonly [passedOn]: T;
};

type PrimitiveType<T> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : never;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

type ObjectType<S> = S extends { properties: infer P; required: readonly (infer R)[] }
  ? Flatten<
      { -readonly [K in keyof P & R]: FromSchema<P[K]> } & {
        -readonly [K in Exclude<keyof P, R>]?: FromSchema<P[K]>;
      }
    >
  : S extends { additionalProperties: infer A extends Schema }
    ? Record<string, FromSchema<A>>
    : Record<string, unknown>;

type ByType<S, T> = T extends readonly (infer U)[]
  ? U extends unknown
    ? ByType<S, U>
    : never
  : T extends 'object'
    ? ObjectType<S>
    : T extends 'array'
      ? S extends { items: infer I }
        ? FromSchema<I>[]
        : unknown[]
      : PrimitiveType<T>;

/** The TypeScript type of a value the schema accepts. */
export type FromSchema<S> =
  S extends PassedOn<infer T>
    ? T
    : S extends { enum: readonly (infer E)[] }
      ? E
      : S extends { type: infer T }
        ? ByType<S, T>
        : unknown;

export const STRING = { type: 'string' } as const;
export const NUMBER = { type: 'number' } as const;
export const INTEGER = { type: 'integer' } as const;
export const BOOLEAN = { type: 'boolean' } as const;
/** Any JSON value (serialized as it is): only for values that hold ids, never personal data. */
export const ANY_JSON = {} as const;

/**
 * An object of exactly these properties: the listed ones may be absent, every other is required, none other
 * is accepted (in a request) or sent (in a reply: the serializer writes the declared properties only).
 */
export function object<const P extends Record<string, Schema>, const O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
) {
  const required = Object.keys(properties).filter((key) => !optional.includes(key as O));
  return {
    type: 'object',
    properties,
    required: required as Exclude<keyof P & string, O>[],
    additionalProperties: false,
  } as const;
}

export const array = <const I extends Schema>(items: I) => ({ type: 'array', items }) as const;

/** An object whose keys are ids, each value of the one schema. */
export const record = <const V extends Schema>(values: V) =>
  ({ type: 'object', additionalProperties: values }) as const;

/** One of these strings. */
export const oneOf = <const E extends readonly string[]>(values: E) =>
  ({ type: 'string', enum: values }) as const;

type Nullable<S> = S extends { enum: readonly (infer E)[] }
  ? Omit<S, 'type' | 'enum'> & {
      readonly type: readonly ['string', 'null'];
      readonly enum: readonly (E | null)[];
    }
  : S extends { type: infer T extends Primitive | 'object' | 'array' }
    ? Omit<S, 'type'> & { readonly type: readonly [T, 'null'] }
    : never;

/** The schema's value, or null. */
export function nullable<const S extends { type: Primitive | 'object' | 'array' }>(schema: S): Nullable<S> {
  const values = (schema as { enum?: readonly unknown[] }).enum;
  return {
    ...schema,
    type: [schema.type, 'null'],
    ...(values ? { enum: [...values, null] } : {}),
  } as unknown as Nullable<S>;
}

/**
 * An object another library makes and the panel hands to it whole (the WebAuthn options): sent as it is,
 * typed as that library types it.
 */
export const passedOnAs = <T>() => ({ type: 'object', additionalProperties: true }) as unknown as PassedOn<T>;
