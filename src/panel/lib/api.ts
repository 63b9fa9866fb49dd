import { PANEL_API } from '#shared/panel-api/call.ts';
import { fill, texts } from './texts';

// The panel's calls (docs/api.md#staff-panel): JSON under /panel/api, errors {"message"} in Polish; their
// answers' types are derived from the calls' declaration (api-types.ts).

/** A call's whole URL, for what the browser itself asks for (an image's `src`): the cookie goes along. */
export const apiUrl = (path: string) => `${PANEL_API}${path}`;

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  method?: Method;
  body?: unknown;
  sessionless?: boolean;
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

async function send(
  path: string,
  { method = 'GET', body, sessionless = false }: CallOptions,
  accept: string,
) {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
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
export async function call<T>(path: string, options: CallOptions = {}) {
  const response = await send(path, options, 'application/json');
  // 204, or a 200 with nothing to say (a removal): nothing to read.
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
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
export async function download(path: string, options: CallOptions, fallbackName: string) {
  const response = await send(path, options, '*/*');
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
