import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { createPanelQueryClient, PanelApp } from '#panel/panel-app.tsx';

// The panel against a fake server: fetch is stubbed with the calls of docs/api.md ("Staff panel"), answered from
// a table of routes ("GET /session"); everything else in the page is the real thing.

export interface Reply {
  status?: number;
  /** Answered as JSON, unless `text` is given. */
  body?: unknown;
  /** A body that is not JSON (a CSV), sent as it is with `headers`. */
  text?: string;
  headers?: Record<string, string>;
}
export type Route = Reply | ((request: SentRequest) => Reply);

export interface SentRequest {
  method: string;
  /** The path under /panel/api, without the query. */
  path: string;
  query: URLSearchParams;
  url: string;
  body: unknown;
  init: RequestInit;
}

export const ADMIN = {
  email: 'admin@example.pl',
  roles: ['admin'],
  idleMinutes: 30,
  endsAt: '2025-07-16T16:00:00.000Z',
};
export const AUDITOR = { ...ADMIN, email: 'audytor@example.pl', roles: ['auditor'] };
export const REVIEWER = { ...ADMIN, email: 'ewa@organizator.pl', roles: ['reviewer'] };
export const APPROVER = { ...ADMIN, email: 'jan@organizator.pl', roles: ['approver'] };
export const PAYOUT = { ...ADMIN, email: 'kasa@organizator.pl', roles: ['payout'] };

const json = ({ status = 200, body, text, headers }: Reply) => {
  if (status === 204) return new Response(null, { status });
  if (text !== undefined) return new Response(text, { status, headers });
  return new Response(JSON.stringify(body ?? {}), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
};

/** Stubs fetch; `requests` lists what the page sent, in order. An unknown call answers 404. */
export function stubPanelApi(routes: Record<string, Route>) {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/panel\/api/, '');
    const request: SentRequest = {
      method,
      path,
      query: url.searchParams,
      url: `${url.pathname}${url.search}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      init,
    };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    if (!route) return json({ status: 404, body: { message: `brak trasy ${method} ${path}` } });
    return json(typeof route === 'function' ? route(request) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** A table's rows below its head, each as the texts of its cells. */
export const bodyCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** Where the router is, for asserting where the panel sent the person. */
function Whereabouts() {
  const location = useLocation();
  return (
    <p hidden data-testid="whereabouts">
      {`${location.pathname}${location.search}${location.hash}`}
    </p>
  );
}

export function renderPanel(url: string, routes: Record<string, Route>) {
  const api = stubPanelApi(routes);
  const user = userEvent.setup();
  const client = createPanelQueryClient();
  const view = render(
    <MemoryRouter initialEntries={[url]}>
      <PanelApp client={client} />
      <Whereabouts />
    </MemoryRouter>,
  );
  const whereabouts = () => view.getByTestId('whereabouts').textContent;
  return { ...api, user, client, whereabouts, view };
}
