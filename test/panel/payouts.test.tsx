import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import texts from '#content/panel.json';
import { PAYOUT, renderPanel, type Route, type SentRequest } from './helpers';

const ITEMS = [
  {
    id: 'p1',
    reference: 'AAA-111-AA',
    tier: 'VI',
    code: 'CODE1111111',
    amount: '200,00 zł',
    acceptedAt: '2025-07-11T08:00:00.000Z',
  },
  {
    id: 'p2',
    reference: 'BBB-222-BB',
    tier: 'WINTO',
    code: 'CODE2222222',
    amount: '7 000,00 zł',
    acceptedAt: '2025-07-12T08:00:00.000Z',
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
    'GET /payouts': { body: { items: ITEMS, total: 2, sum: '7 200,00 zł' } },
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
          ? { items: [ITEMS[1]], total: 1, sum: '7 000,00 zł' }
          : { items: ITEMS, total: 2, sum: '7 200,00 zł' },
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
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe(texts.payouts.markPaid));

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
});
