import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import texts from '#content/panel.json';
import { fill } from '#panel/lib/texts.ts';
import { APPROVER, renderPanel, REVIEWER, type Route, type SentRequest } from '../../helpers';
import { counts, queue, queueItem, statement } from '../../review-data';

afterEach(() => vi.unstubAllGlobals());

const queueCalls = (requests: SentRequest[]) =>
  requests.filter((request) => request.path === '/review/queue').map((request) => request.url);
const nextCalls = (requests: SentRequest[]) => requests.filter((request) => request.path === '/review/next');

function openQueue(url: string, session: object, routes: Record<string, Route> = {}) {
  return renderPanel(url, {
    'GET /session': { body: session },
    'GET /review/queue': ({ query }) => ({
      body: queue({ tier: query.get('tier'), state: query.get('state') as 'open' }),
    }),
    ...routes,
  });
}

describe('statement queue (reviewer, approver)', () => {
  it('asks for the tier, state and page of its address, and lists them with a link to each statement', async () => {
    const { requests, user, whereabouts } = openQueue(
      '/oswiadczenia?tier=VI&state=in-review&page=2',
      REVIEWER,
    );
    const table = await screen.findByRole('table', { name: texts.review.caption });
    expect(queueCalls(requests)).toEqual(['/panel/api/review/queue?tier=VI&state=in-review&page=2']);
    expect(screen.getByRole('heading', { level: 2, name: 'VI — 200 zł: W sprawdzaniu' })).toBeTruthy();
    const [mine, free] = within(table).getAllByRole('row').slice(1);
    expect(within(mine!).getByRole('rowheader').textContent).toBe('K7M-4PQ-X2');
    expect(
      within(mine!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'VI — 200 zł',
      'A1B2C3D4E5F',
      'W sprawdzaniu',
      '2025-07-10 11:12:00',
      '2025-07-15',
      // Who holds it and since when.
      'ewa@organizator.plod 2025-07-10 12:00:00',
      'tak',
    ]);
    expect(
      within(free!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['VI — 200 zł', 'Z9Y8X7W6V5U', 'Nowe', '2025-07-10 11:12:00', '2025-07-15', '—', '—']);

    await user.click(within(free!).getByRole('link', { name: 'K7M-4PQ-X3' }));
    expect(whereabouts()).toBe('/oswiadczenia/s2');
  });

  it('keeps the chosen filters in the address: a new choice starts at page 1, paging moves only the page', async () => {
    const { requests, user, whereabouts } = openQueue('/oswiadczenia', REVIEWER, {
      'GET /review/queue': ({ query }) => ({
        body: queue({
          tier: query.get('tier')!,
          state: query.get('state') as 'open',
          page: Number(query.get('page')),
          pages: 3,
          total: 120,
          counts: counts('II', { received: 4, 'in-review': 1, 'awaiting-approval': 2 }),
        }),
      }),
    });
    await screen.findByRole('table', { name: texts.review.caption });
    // No address yet: the defaults, every tier's open statements.
    expect(queueCalls(requests)).toEqual(['/panel/api/review/queue?state=open&page=1']);

    // The options count what each holds: tier II has 7 open, 4 of them new.
    await user.selectOptions(
      screen.getByLabelText(texts.review.tier),
      'II — Bon wakacyjny o wartości 10 000 zł (do załatwienia: 7)',
    );
    await user.selectOptions(screen.getByLabelText(texts.review.state), 'Nowe, nikt ich nie wziął (4)');
    await user.click(screen.getByRole('button', { name: texts.review.apply }));
    await waitFor(() => expect(whereabouts()).toBe('/oswiadczenia?tier=II&state=received&page=1'));
    await waitFor(() =>
      expect(queueCalls(requests).at(-1)).toBe('/panel/api/review/queue?tier=II&state=received&page=1'),
    );

    expect(screen.getByText('Strona 1 z 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.review.previous })).toBeNull();
    await user.click(screen.getByRole('button', { name: texts.review.next }));
    await waitFor(() => expect(whereabouts()).toBe('/oswiadczenia?tier=II&state=received&page=2'));
    expect(await screen.findByText('Strona 2 z 3')).toBeTruthy();
    expect(queueCalls(requests).at(-1)).toBe('/panel/api/review/queue?tier=II&state=received&page=2');
  });

  it('shows what became of the prizes of claims that got no statement; a reviewer cannot pass one on', async () => {
    openQueue('/oswiadczenia?tier=I&state=expired&page=1', REVIEWER, {
      'GET /review/queue': {
        body: queue({
          state: 'expired',
          items: [],
          expired: [
            {
              claimId: 'c1',
              tier: 'VI',
              code: 'AAAA1111BBB',
              deadlineDate: '2025-07-01',
              lost: 'organiser',
              passedTo: null,
            },
            {
              claimId: 'c2',
              tier: 'VI',
              code: 'CCCC2222DDD',
              deadlineDate: '2025-07-02',
              lost: 'passed-to-reserve',
              passedTo: { code: 'RRRR3333SSS', reserve: 1 },
            },
            {
              claimId: 'c3',
              tier: 'VI',
              code: 'EEEE4444FFF',
              deadlineDate: '2025-07-03',
              lost: 'reserve-available',
              passedTo: null,
            },
          ],
        }),
      },
    });
    const table = await screen.findByRole('table', { name: texts.review.expiredCaption });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)!.textContent)).toEqual([
      'Nagroda pozostaje u organizatora',
      'Przekazano rezerwowemu (kod RRRR3333SSS)',
      'Można przekazać rezerwowemuDecyduje osoba zatwierdzająca',
    ]);
    expect(screen.queryByRole('button', { name: /Przekaż rezerwowemu/ })).toBeNull();
  });

  it("lets an approver pass an expired claim's prize to the reserve, after a confirmation", async () => {
    let passed = false;
    const { requests, user } = openQueue('/oswiadczenia?tier=I&state=expired&page=1', APPROVER, {
      'GET /review/queue': () => ({
        body: queue({
          state: 'expired',
          items: [],
          expired: [
            {
              claimId: 'c3',
              tier: 'VI',
              code: 'EEEE4444FFF',
              deadlineDate: '2025-07-03',
              lost: passed ? 'passed-to-reserve' : 'reserve-available',
              passedTo: passed ? { code: 'NOWY1234KOD', reserve: 1 } : null,
            },
          ],
        }),
      }),
      'POST /review/claims/c3/reserve': () => {
        passed = true;
        return { body: { claimId: 'c9', code: 'NOWY1234KOD', reserve: 1 } };
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Przekaż rezerwowemu nagrodę kodu EEEE4444FFF' }),
    );
    expect(screen.getByText(/Przekazać nagrodę kodu EEEE4444FFF kolejnemu rezerwowemu\?/)).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    // 'Anuluj' has the focus: Enter by mistake sends nothing.
    expect(document.activeElement?.textContent).toBe(texts.reserve.no);

    await user.click(screen.getByRole('button', { name: texts.reserve.yes }));
    expect(
      await screen.findByText('Przekazano nagrodę rezerwowemu nr 1: nowe zgłoszenie, kod NOWY1234KOD.'),
    ).toBeTruthy();
    expect(await screen.findByText('Przekazano rezerwowemu (kod NOWY1234KOD)')).toBeTruthy();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.path)).toEqual(['/review/claims/c3/reserve']);
    expect(queueCalls(requests)).toHaveLength(2);
  });

  it("'Weź następne' takes the oldest statement of the tier shown and opens it, the focus on its heading", async () => {
    const { requests, user, whereabouts } = openQueue('/oswiadczenia?tier=VI&state=open&page=1', REVIEWER, {
      'POST /review/next': { body: { id: 's7' } },
      'GET /review/statements/s7': { body: statement({ id: 's7', reference: 'NEXT-007-AA', tier: 'VI' }) },
    });
    const button = await screen.findByRole('button', { name: texts.review.takeNext });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('n');
    await user.click(button);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Oświadczenie NEXT-007-AA' });
    expect(whereabouts()).toBe('/oswiadczenia/s7');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(nextCalls(requests).map((request) => request.body)).toEqual([{ tier: 'VI' }]);
    // The way back leads to the queue as it was left.
    expect(screen.getByRole('link', { name: texts.statement.back }).getAttribute('href')).toBe(
      '/oswiadczenia?tier=VI&state=open&page=1',
    );
  });

  it('the key N does the same, but not while typing in a field, nor with a modifier', async () => {
    const { requests, user, whereabouts } = openQueue('/oswiadczenia?tier=II&state=open&page=1', REVIEWER, {
      'POST /review/next': { body: { id: 's7' } },
      'GET /review/statements/s7': { body: statement({ id: 's7', reference: 'NEXT-007-AA', tier: 'II' }) },
    });
    await screen.findByRole('table', { name: texts.review.caption });
    // In the state select, N picks an option; with Ctrl it is the browser's.
    screen.getByLabelText(texts.review.state).focus();
    await user.keyboard('n');
    await user.keyboard('{Control>}n{/Control}');
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Shift>}n{/Shift}');
    expect(nextCalls(requests)).toEqual([]);

    await user.keyboard('n');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oświadczenie NEXT-007-AA' })).toBeTruthy();
    expect(whereabouts()).toBe('/oswiadczenia/s7');
    expect(nextCalls(requests).map((request) => request.body)).toEqual([{ tier: 'II' }]);
  });

  it('opens on every tier: N takes from any tier, and the page says how many wait', async () => {
    const { requests, user } = openQueue('/oswiadczenia', REVIEWER, {
      'GET /review/queue': ({ query }) => ({
        body: queue({
          tier: query.get('tier'),
          counts: counts('III', { received: 25 }).map((line) =>
            line.tier === 'VI' ? { ...line, received: 2, 'in-review': 1 } : line,
          ),
        }),
      }),
      'POST /review/next': { body: { id: 's7' } },
      'GET /review/statements/s7': { body: statement({ id: 's7', reference: 'NEXT-007-AA', tier: 'III' }) },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Wszystkie kategorie: Do załatwienia' }),
    ).toBeTruthy();
    expect(screen.getByText(fill(texts.review.takeNextAll, { count: 27 }))).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Wszystkie kategorie (do załatwienia: 28)' })).toBeTruthy();
    await user.keyboard('n');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oświadczenie NEXT-007-AA' })).toBeTruthy();
    expect(nextCalls(requests).map((request) => request.body)).toEqual([{}]);
  });

  it('marks a statement the approver sent back', async () => {
    openQueue('/oswiadczenia', REVIEWER, {
      'GET /review/queue': { body: queue({ tier: null, items: [queueItem({ sentBack: true })] }) },
    });
    const table = await screen.findByRole('table', { name: texts.review.caption });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getAllByRole('cell')[2]!.textContent).toBe(
      `${texts.review.stateNames['in-review']}${texts.review.sentBack}`,
    );
  });

  it('an approver who does not review opens on what awaits approval in every tier', async () => {
    const { requests } = openQueue('/oswiadczenia', APPROVER);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Wszystkie kategorie: Czekają na zatwierdzenie' }),
    ).toBeTruthy();
    expect(queueCalls(requests)).toEqual(['/panel/api/review/queue?state=awaiting-approval&page=1']);
  });

  it("says the server's answer when nothing is left to take", async () => {
    const { user } = openQueue('/oswiadczenia', REVIEWER, {
      'POST /review/next': { status: 404, body: { message: 'Brak oświadczeń do sprawdzenia.' } },
    });
    await screen.findByRole('table', { name: texts.review.caption });
    await user.keyboard('n');
    const said = await screen.findByText('Brak oświadczeń do sprawdzenia.');
    expect(said.closest('[role="status"]')).toBeTruthy();
  });

  it("an approver has no 'Weź następne', and the key N does nothing", async () => {
    const { requests, user } = openQueue('/oswiadczenia', APPROVER);
    await screen.findByRole('table', { name: texts.review.caption });
    expect(screen.queryByRole('button', { name: texts.review.takeNext })).toBeNull();
    await user.keyboard('n');
    expect(nextCalls(requests)).toEqual([]);
  });
});
