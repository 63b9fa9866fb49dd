import { PANEL_API, type PanelCall, type ReplyOf } from '#shared/panel-api/call.ts';
import type { FromSchema } from '#shared/panel-api/schema.ts';
import { fill, texts } from './texts';

// The panel's calls (docs/api.md#staff-panel): JSON under /panel/api, errors {"message"} in Polish. Each is
// made from its one declaration (src/shared/panel-api): its method, its path with the parts filled in, and
// its request and answer typed by the declared schemas, so a page cannot ask for a call the server lacks.

/** An object that requires nothing: what an input with only optional parts extends. */
type Empty = Record<never, never>;

/** A declared part of the request, required when the schema requires something of it. */
type Part<K extends string, S> =
  Empty extends FromSchema<S> ? { [P in K]?: FromSchema<S> } : { [P in K]: FromSchema<S> };
/** A part the call does not declare: never given. */
type Absent<K extends string> = { [P in K]?: never };

/** What a call is made with: its path's parts, its query and its JSON body, each only if declared. */
export type CallInput<C extends PanelCall> = (C extends { params: infer P }
  ? Part<'params', P>
  : Absent<'params'>) &
  (C extends { querystring: infer Q } ? Part<'query', Q> : Absent<'query'>) &
  (C extends { body: infer B } ? Part<'body', B> : Absent<'body'>) & {
    /** Login and registration: their 401 is an answer to show, not a session that ended. */
    sessionless?: boolean;
  };

/** The input as the call's last argument, which may be left out when nothing in it is required. */
export type CallArgs<C extends PanelCall> =
  Empty extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** A call answering JSON or nothing is a `request`; one answering a file a `download` or an image's URL. */
export type AnswersJson<C extends PanelCall> = C['reply'] extends { file: string } ? never : unknown;
type AnswersFile<C extends PanelCall> = C['reply'] extends { file: string } ? unknown : never;

interface Sent {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  sessionless?: boolean;
}

/**
 * A call's whole URL: its declared path under /panel/api, each `:name` filled in (URL-encoded), then its
 * query, without the parts left out. Also for what the browser itself asks for (an image's `src`): the
 * cookie goes along.
 */
export const callUrl = <C extends PanelCall>(call: C, ...[input]: CallArgs<C>) =>
  urlOf(call, (input ?? {}) as Sent);

function urlOf(call: PanelCall, { params = {}, query = {} }: Sent) {
  const path = call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const given = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = new URLSearchParams(given).toString();
  return `${PANEL_API}${path}${search === '' ? '' : `?${search}`}`;
}

/** An error whose message is already a Polish text for the person: the server's, or the panel's own. */
export class PanelError extends Error {}

/** A call that did not answer 2xx; status 0 when the server could not be reached at all. */
export class PanelApiError extends PanelError {
  constructor(
    readonly status: number,
    message: string,
    /** Login and registration: their 401 is an answer to show, not a session that ended. */
    readonly sessionless: boolean,
  ) {
    super(message);
  }
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message !== '') return body.message;
  } catch {
    // Not JSON (a proxy's page): the status says what happened.
  }
  if (response.status === 429) return texts.errors.tooManyRequests;
  return fill(texts.errors.status, { status: response.status });
}

async function send(call: PanelCall, accept: string, sent: Sent = {}) {
  const { method } = call;
  const { body, sessionless = false } = sent;
  let response: Response;
  try {
    response = await fetch(urlOf(call, sent), {
      method,
      credentials: 'same-origin',
      headers: method === 'GET' ? { accept } : { accept, 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
    });
  } catch {
    throw new PanelApiError(0, texts.errors.network, sessionless);
  }
  if (!response.ok) throw new PanelApiError(response.status, await messageOf(response), sessionless);
  return response;
}

/**
 * One call. A state-changing one always sends a JSON body (`{}` when it has nothing to say): Fastify refuses
 * a JSON content type with an empty body. The browser adds Origin itself; the cookie is same-origin only.
 */
export async function request<C extends PanelCall>(call: C & AnswersJson<C>, ...[input]: CallArgs<C>) {
  const response = await send(call, 'application/json', input as Sent);
  // 204, or a 200 with nothing to say (a removal): nothing to read.
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as ReplyOf<C>;
}

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` first), without any folder. */
export function attachmentName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  let name: string | undefined;
  const encoded = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      name = decodeURIComponent(encoded[1]!.trim());
    } catch {
      // Malformed: the plain name, if any, stands.
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
    name = (plain?.[1] ?? plain?.[2])?.trim();
  }
  const base = name?.split(/[\\/]/).pop();
  return base ? base : undefined;
}

/**
 * A call that answers a file (a CSV): its bytes and the name the server gives it, else `fallbackName`.
 * Errors are the JSON `{"message"}` of any call.
 */
export async function download<C extends PanelCall>(
  call: C & AnswersFile<C>,
  fallbackName: string,
  ...[input]: CallArgs<C>
) {
  const response = await send(call, '*/*', input as Sent);
  const blob = await response.blob();
  return { blob, fileName: attachmentName(response.headers.get('content-disposition')) ?? fallbackName };
}

/** A 401 of a call that needs a session: the session ended (or never was), so the person logs in again. */
export const endsSession = (error: unknown) =>
  error instanceof PanelApiError && error.status === 401 && !error.sessionless;

/** Whether a failed call is worth repeating: never for an answer the server meant (4xx). */
export const isWorthRetrying = (error: unknown) =>
  !(error instanceof PanelApiError && error.status >= 400 && error.status < 500);

/** The Polish text of anything a call or a passkey ceremony threw. */
export const errorText = (error: unknown) =>
  error instanceof PanelError && error.message !== '' ? error.message : texts.errors.unexpected;
