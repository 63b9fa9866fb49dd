import { createElement } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WinnersSection } from '#client/features/winners/winners-section.tsx';
import { pinCampaignNow, renderWithProviders, stubApi } from '../helpers';

/** The browser's network at its edge: records each request reportError sends. */
function recordRequests() {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(null, { status: 204 });
    }),
  );
  return sent;
}

/** A fresh page load: the module's memory of what it reported starts empty. */
async function loadPage(path: string) {
  history.replaceState(null, '', path);
  vi.resetModules();
  return (await import('#client/lib/report-error.ts')).reportError;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reportError (spec §7)', () => {
  it('POSTs the kind, the message and the pathname alone, with keepalive', async () => {
    const sent = recordRequests();
    const reportError = await loadPage('/oswiadczenie-i-stopnia?hash=sekret#formularz');
    reportError('statement-server', 'HTTP 503');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/error-report');
    expect(sent[0]!.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({
      kind: 'statement-server',
      message: 'HTTP 503',
      path: '/oswiadczenie-i-stopnia',
    });
  });

  it('sends the same kind and message once per page load', async () => {
    const sent = recordRequests();
    let reportError = await loadPage('/');
    reportError('unhandled', 'x is undefined');
    reportError('unhandled', 'x is undefined');
    reportError('winners-render', 'x is undefined');
    expect(sent).toHaveLength(2);
    reportError = await loadPage('/');
    reportError('unhandled', 'x is undefined');
    expect(sent).toHaveLength(3);
  });

  it('sends 10 reports per page load at most', async () => {
    const sent = recordRequests();
    const reportError = await loadPage('/');
    for (let at = 0; at < 25; at += 1) reportError('unhandled', `błąd ${at}`);
    expect(sent).toHaveLength(10);
  });

  it('cuts a long message to what the server takes', async () => {
    const sent = recordRequests();
    const reportError = await loadPage('/');
    reportError('unhandled', 'x'.repeat(1_000));
    expect(JSON.parse(String(sent[0]!.init.body)).message).toHaveLength(300);
  });

  it('never fails the page when the report cannot be sent', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const reportError = await loadPage('/');
    expect(() => reportError('unhandled')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it("reports the winners table's failure caught by its error boundary", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    pinCampaignNow('2025-07-15T12:00:00+02:00');
    history.replaceState(null, '', '/');
    const fetchMock = stubApi({ instant: { data: 'nope' } });
    renderWithProviders(createElement(WinnersSection));
    await screen.findByText('Wystąpił błąd podczas pobierana danych');
    // stubApi types fetch by its first argument; the init is there all the same.
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const reports = calls.filter(([url]) => url === '/api/error-report');
    expect(reports.map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { kind: 'winners-render', message: 'Invalid data format: expected an array', path: '/' },
    ]);
  });
});
