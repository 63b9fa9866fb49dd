import { afterEach, describe, expect, it, vi } from 'vitest';
import { payoutExportCall } from '#shared/panel-api/payout-calls.ts';
import { imageCall, queueCall, revealCall } from '#shared/panel-api/review-calls.ts';
import { loginCall, removePasskeyCall, sessionCall } from '#shared/panel-api/session-calls.ts';
import { auditCall, rolesCall } from '#shared/panel-api/team-calls.ts';
import { callUrl, download, request } from '#panel/lib/api.ts';

// The panel's calls are made from their declarations (src/shared/panel-api): the declared method and path,
// the path's parts URL-encoded, and the params, query and body typed by the declared schemas (typecheck
// holds the expected type errors below).

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: () => Response = () => new Response(null, { status: 204 })) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('callUrl', () => {
  it("fills the declared path's parts, URL-encoded, and leaves out the query's absent parts", () => {
    expect(callUrl(imageCall, { params: { id: 'a/b c' }, query: { reason: 'coupon' } })).toBe(
      '/panel/api/review/statements/a%2Fb%20c/image?reason=coupon',
    );
    expect(callUrl(auditCall, { query: {} })).toBe('/panel/api/audit');
    expect(callUrl(queueCall, { query: { state: 'open', page: '1' } })).toBe(
      '/panel/api/review/queue?state=open&page=1',
    );
  });
});

describe('request', () => {
  it('uses the declared method and sends `{}` for a state change with nothing to say', async () => {
    const fetchMock = stubFetch();
    await request(removePasskeyCall, { params: { id: 'k1' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/panel/api/passkeys/k1');
    expect(init).toMatchObject({ method: 'DELETE', body: '{}' });
  });

  it('sends no body for a GET and answers the JSON as its declared reply', async () => {
    const fetchMock = stubFetch(() => Response.json({ email: 'a@b.pl', roles: [] }));
    const session = await request(sessionCall);
    expect(session.email).toBe('a@b.pl');
    expect(fetchMock.mock.calls[0]![1]).not.toHaveProperty('body');
  });

  it('sends the body as given', async () => {
    const fetchMock = stubFetch(() => Response.json({ id: 'p1', email: 'a@b.pl', roles: ['admin'] }));
    await request(rolesCall, { params: { id: 'p1' }, body: { roles: ['admin'] } });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'PUT', body: '{"roles":["admin"]}' });
  });

  it('refuses, by type, what the declaration does not allow', () => {
    stubFetch();
    // @ts-expect-error: the path's `:id` is required.
    void request(removePasskeyCall);
    // @ts-expect-error: a property the body does not declare.
    void request(revealCall, { params: { id: 's1' }, body: { field: 'iban', why: 'x' } });
    // @ts-expect-error: a call that answers a file is a download.
    void request(payoutExportCall, { body: { ids: [] } });
    // @ts-expect-error: a call that answers JSON is no download.
    void download(loginCall, 'plik.csv', { body: {} });
    // @ts-expect-error: a GET takes no body.
    void request(sessionCall, { body: {} });
  });
});
