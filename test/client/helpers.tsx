import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { createWinnersLists, WinnersListsContext } from '#client/features/winners/winners-data.ts';

/** Pins the site clock the way the server does: <meta name="campaign-now">. Call before the first render. */
export function pinCampaignNow(iso: string) {
  document.head.querySelector('meta[name="campaign-now"]')?.remove();
  const meta = document.createElement('meta');
  meta.name = 'campaign-now';
  meta.content = new Date(iso).toISOString();
  document.head.append(meta);
}

/** Shows where the router went and the navigation state, for links out of the landing page. */
function Destination() {
  const location = useLocation();
  return (
    <p data-testid="destination">
      {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

/** `retries`: how often a failed winners list is retried; none unless a test is about the retries. */
export function renderWithProviders(
  ui: ReactNode,
  { url = '/', retries = 0 }: { url?: string; retries?: number } = {},
) {
  const lists = createWinnersLists(retries);
  const result = render(
    <WinnersListsContext value={lists}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/" element={ui} />
          <Route path="*" element={<Destination />} />
        </Routes>
      </MemoryRouter>
    </WinnersListsContext>,
  );
  return { ...result, lists };
}

export interface FakeApi {
  instant?: unknown;
  instantStatus?: number;
  draws?: unknown;
  drawsStatus?: number;
  resignation?: number | (() => Promise<number>);
}

/** Stubs fetch with the API of docs/api.md; returns the mock to inspect the calls. */
export function stubApi(api: FakeApi) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/publish-winners')) return json(api.instant ?? { data: [] }, api.instantStatus);
    if (url.startsWith('/api/WinnersList')) return json(api.draws ?? [], api.drawsStatus);
    if (url.startsWith('/api/resignation')) {
      const status =
        typeof api.resignation === 'function' ? await api.resignation() : (api.resignation ?? 200);
      return json(status === 200 ? { status: 'ok' } : { message: 'x' }, status);
    }
    return json({ message: 'Nie znaleziono.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
