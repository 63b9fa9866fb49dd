import type { Access } from './access';
import type { FromSchema, Schema } from './schema';

// docs/api.md#staff-panel: what one panel call is. The server registers its route from this (validating the
// request, serializing the reply through its schema), the panel types its calls by it, and a test holds
// docs/api.md's table to it.

/** Where the panel's calls are answered; a call's `path` is under it. */
export const PANEL_API = '/panel/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a call answers: a JSON body of this schema (200), nothing (204), or a file of this media type. */
export type ReplyKind = Schema | 'nothing' | { file: string };

export interface PanelCall {
  method: Method;
  /** Under /panel/api, with `:name` for a part of the path. */
  path: string;
  access: Access;
  /** Counted like the statement calls (RATE_LIMIT_MAX per client address per window). */
  rateLimited?: boolean;
  params?: Schema;
  querystring?: Schema;
  /** Every state-changing call takes a JSON object (`{}` when it has nothing to say). */
  body?: Schema;
  reply: ReplyKind;
}

/** A call's declaration, its literal types kept for the types below. */
export const panelCall = <const C extends PanelCall>(call: C) => call;

/** What the call's JSON body is (nothing for one without a body). */
export type RequestOf<C extends PanelCall> = C extends { body: infer B } ? FromSchema<B> : never;
export type QueryOf<C extends PanelCall> = C extends { querystring: infer Q } ? FromSchema<Q> : never;
/** What the call answers: its JSON, undefined for 204, a Blob for a file. */
export type ReplyOf<C extends PanelCall> = C['reply'] extends 'nothing'
  ? undefined
  : C['reply'] extends { file: string }
    ? Blob
    : FromSchema<C['reply']>;
