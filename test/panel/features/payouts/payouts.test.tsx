import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import texts from '#content/panel.json';
import { bodyCells, PAYOUT, renderPanel, type Route, type SentRequest } from '../../helpers';

const ITEMS = [
  {
    id: 'p1',
    reference: 'AAA-111-AA',
    tier: 'VI',
    code: 'CODE1111111',
    amount: '200,00 zł',
    acceptedAt: '2025-07-11T08:00:00.000Z',
    decidedByYou: false,
  },
  {
    id: 'p2',
    reference: 'BBB-222-BB',
    tier: 'WINTO',
    code: 'CODE2222222',
    amount: '7 000,00 zł',
    acceptedAt: '2025-07-12T08:00:00.000Z',
    decidedByYou: false,
  },
];
const HISTORY = [
  {
    at: '2025-07-16T09:30:00.000Z',
    action: 'payout-undone',
    by: 'kasa@organizator.pl',
    references: ['AAA-111-AA'],
    sum: '200,00\u00a0zł',
    reason: 'Przelew wrócił: rachunek zamknięty',
  },
  {
    at: '2025-07-15T08:00:00.000Z',
    action: 'payouts-paid',
    by: null,
    references: ['AAA-111-AA', 'CCC-333-CC'],
    sum: '7\u00a0200,00\u00a0zł',
    reason: null,
  },
];
const CSV =
  'Numer zgłoszenia;Imię;Nazwisko;IBAN;Kwota\r\nAAA-111-AA;Jan;Kowalski;PL61109010140000071219812874;200,00\r\n';

// The download: the page hands the browser a link to the blob and clicks it.
const downloads: { name: string; blob: Blob }[] = [];
const blobs = new Map<string, Blob>();
beforeEach(() => {
  downloads.length = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:http://localhost/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const posts = (requests: SentRequest[]) =>
  requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);

function payouts(routes: Record<string, Route> = {}) {
  return renderPanel('/wyplaty', {
    'GET /session': { body: PAYOUT },
    'GET /payouts': { body: { items: ITEMS, total: 2, sum: '7 200,00 zł', history: [] } },
    ...routes,
  });
}

describe('payouts page (payout)', () => {
  it('lists the prizes to pay with the sum, and downloads the ticked ones as the file the server names', async () => {
    const { requests, user } = payouts({
      'POST /payouts/export': {
        text: CSV,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="wyplaty-2025-07-16.csv"',
        },
      },
    });
    const table = await screen.findByRole('table', { name: texts.payouts.caption });
    expect(screen.getByRole('heading', { level: 2, name: 'Do wypłaty: 2, razem 7 200,00 zł.' })).toBeTruthy();
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('rowheader').textContent).toBe('AAA-111-AA');
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'WinTo! — 7 000 zł', 'CODE2222222', '7 000,00 zł', '2025-07-12 10:00:00']);

    await user.click(screen.getByRole('checkbox', { name: texts.payouts.selectAll }));
    expect(screen.getByText('Zaznaczone: 2 z 2.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Zaznacz AAA-111-AA' }));
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: texts.payouts.selectAll }).indeterminate,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: texts.payouts.export }));

    expect(await screen.findByText(/Pobrano plik wyplaty-2025-07-16\.csv\./)).toBeTruthy();
    expect(posts(requests)).toEqual([['/payouts/export', { ids: ['p2'] }]]);
    expect(downloads.map((download) => download.name)).toEqual(['wyplaty-2025-07-16.csv']);
    expect(await downloads[0]!.blob.text()).toBe(CSV);
  });

  it('lists a prize the person decided or approved without a box, said in words, and leaves it out of “all”', async () => {
    const { requests, user } = payouts({
      'GET /payouts': {
        body: {
          items: [ITEMS[0], { ...ITEMS[1], decidedByYou: true }],
          total: 2,
          sum: '7 200,00 zł',
          history: [],
        },
      },
      'POST /payouts/paid': { body: { paid: 1 } },
    });
    const table = await screen.findByRole('table', { name: texts.payouts.caption });
    expect(screen.getByText(texts.payouts.decidedByYouHint)).toBeTruthy();
    const own = within(table).getAllByRole('row')[2]!;
    expect(within(own).queryByRole('checkbox')).toBeNull();
    expect(within(own).getAllByRole('cell')[0]!.textContent).toBe(texts.payouts.decidedByYou);

    await user.click(screen.getByRole('checkbox', { name: texts.payouts.selectAll }));
    expect(screen.getByText('Zaznaczone: 1 z 1.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: texts.payouts.selectAll }).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: texts.payouts.markPaid }));
    await user.click(screen.getByRole('button', { name: texts.payouts.markPaidYes }));
    expect(await screen.findByText('Oznaczono jako wypłacone: 1.')).toBeTruthy();
    expect(posts(requests)).toEqual([['/payouts/paid', { ids: ['p1'] }]]);
  });

  it('asks for a choice before either action, and calls nothing without one', async () => {
    const { requests, user } = payouts();
    await screen.findByRole('table', { name: texts.payouts.caption });
    await user.click(screen.getByRole('button', { name: texts.payouts.export }));
    expect(await screen.findByText(texts.payouts.noneSelected)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: texts.payouts.markPaid }));
    expect(screen.queryByRole('button', { name: texts.payouts.markPaidYes })).toBeNull();
    expect(posts(requests)).toEqual([]);
    expect(downloads).toEqual([]);
  });

  it("shows the server's refusal of an export", async () => {
    const { user } = payouts({
      'POST /payouts/export': { status: 403, body: { message: 'Brak uprawnień do tej czynności.' } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Zaznacz AAA-111-AA' }));
    await user.click(screen.getByRole('button', { name: texts.payouts.export }));
    expect(await screen.findByText('Brak uprawnień do tej czynności.')).toBeTruthy();
    expect(downloads).toEqual([]);
  });

  it('marks the ticked ones paid only after a confirmation, then lists what is left', async () => {
    let paid = false;
    const { requests, user } = payouts({
      'GET /payouts': () => ({
        body: paid
          ? { items: [ITEMS[1]], total: 1, sum: '7 000,00 zł', history: [] }
          : { items: ITEMS, total: 2, sum: '7 200,00 zł', history: [] },
      }),
      'POST /payouts/paid': () => {
        paid = true;
        return { body: { paid: 1 } };
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Zaznacz AAA-111-AA' }));
    await user.click(screen.getByRole('button', { name: texts.payouts.markPaid }));
    expect(screen.getByText(/Oznaczyć zaznaczone nagrody \(1\) jako wypłacone\?/)).toBeTruthy();
    expect(document.activeElement?.textContent).toBe(texts.payouts.markPaidNo);
    await user.click(screen.getByRole('button', { name: texts.payouts.markPaidNo }));
    expect(posts(requests)).toEqual([]);
    await waitFor(() => expect(document.activeElement?.textContent).toBe(texts.payouts.markPaid));

    await user.click(screen.getByRole('button', { name: texts.payouts.markPaid }));
    await user.click(screen.getByRole('button', { name: texts.payouts.markPaidYes }));
    expect(await screen.findByText('Oznaczono jako wypłacone: 1.')).toBeTruthy();
    expect(posts(requests)).toEqual([['/payouts/paid', { ids: ['p1'] }]]);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Do wypłaty: 1, razem 7 000,00 zł.' }),
    ).toBeTruthy();
    expect(screen.queryByText('AAA-111-AA')).toBeNull();
    expect(screen.getByText('Zaznaczone: 0 z 1.')).toBeTruthy();
  });

  it('shows the history of exports, payments and undone payments: when, what, who, which, how much, why', async () => {
    payouts({ 'GET /payouts': { body: { items: [], total: 0, sum: '0,00 zł', history: HISTORY } } });
    const table = await screen.findByRole('table', { name: texts.payouts.historyCaption });
    expect(bodyCells(table)).toEqual([
      [
        '2025-07-16 11:30:00',
        'Cofnięcie wypłaty',
        'kasa@organizator.pl',
        'AAA-111-AA',
        '200,00\u00a0zł',
        'Przelew wrócił: rachunek zamknięty',
      ],
      [
        '2025-07-15 10:00:00',
        'Oznaczenie nagród jako wypłaconych',
        texts.payouts.personGone,
        'AAA-111-AACCC-333-CC',
        '7\u00a0200,00\u00a0zł',
        '',
      ],
    ]);
  });

  it('takes a bounced payment back by its reference, for a reason, and lists the prize again', async () => {
    let undone = false;
    const { requests, user } = payouts({
      'GET /payouts': () => ({
        body: undone
          ? { items: ITEMS, total: 2, sum: '7 200,00 zł', history: HISTORY }
          : { items: [ITEMS[1]], total: 1, sum: '7 000,00 zł', history: [] },
      }),
      'POST /payouts/undo': (request) => {
        if ((request.body as { reference: string }).reference !== 'AAA-111-AA')
          return {
            status: 404,
            body: { message: 'Nie ma wypłaconej nagrody pieniężnej o tym numerze zgłoszenia.' },
          };
        undone = true;
        return { body: { reference: 'AAA-111-AA' } };
      },
    });
    await screen.findByRole('table', { name: texts.payouts.caption });
    const reference = screen.getByRole('textbox', { name: texts.payouts.undoReference });
    const reason = screen.getByRole('textbox', { name: texts.payouts.undoReason });
    await user.type(reference, 'ZZZ-999-ZZ');
    await user.type(reason, 'Przelew wrócił');
    await user.click(screen.getByRole('button', { name: texts.payouts.undo }));
    expect(
      await screen.findByText('Nie ma wypłaconej nagrody pieniężnej o tym numerze zgłoszenia.'),
    ).toBeTruthy();

    await user.clear(reference);
    await user.type(reference, 'AAA-111-AA');
    await user.click(screen.getByRole('button', { name: texts.payouts.undo }));
    expect(
      await screen.findByText('Cofnięto wypłatę AAA-111-AA: nagroda jest znów na liście do wypłaty.'),
    ).toBeTruthy();
    expect(posts(requests)).toEqual([
      ['/payouts/undo', { reference: 'ZZZ-999-ZZ', reason: 'Przelew wrócił' }],
      ['/payouts/undo', { reference: 'AAA-111-AA', reason: 'Przelew wrócił' }],
    ]);
    expect(await screen.findByRole('rowheader', { name: 'AAA-111-AA' })).toBeTruthy();
    expect((reason as HTMLTextAreaElement).value).toBe('');
  });
});
