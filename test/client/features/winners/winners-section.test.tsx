import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WinnersSection } from '#client/features/winners/winners-section.tsx';
import { pinCampaignNow, renderWithProviders, stubApi } from '../../helpers';

const instant = {
  data: [
    { date: '2025-07-15', code: 'K7Q2M9X4B1Z', award: 'KASA_200', userPublish: 'Anna K., Kraków' },
    { date: '2025-07-15', code: 'Z3Z3Z3Z3Z3Z', award: 'ZEGAREK', userPublish: 'Piotr W., Gdańsk' },
    { date: '2025-07-02', code: 'A1A1A1A1A1A', award: 'APARAT', userPublish: 'Ewa N., Łódź' },
  ],
};
const draws = [
  {
    drawName: 'Draw2',
    price: 'AYGO',
    priceRank: 2,
    code: 'DRAW2SECOND',
    name: 'Jan K.',
    testimonialId: 't2',
  },
  {
    drawName: 'Draw2',
    price: 'WINTO',
    priceRank: 1,
    code: 'DRAW2FIRST1',
    name: 'Ola P.',
    testimonialId: 't1',
  },
  {
    drawName: 'Draw8',
    price: 'AYGO',
    priceRank: 1,
    code: 'DRAW8EXTRA1',
    name: 'Ukryty Z.',
    testimonialId: 't8',
  },
];

beforeAll(() => pinCampaignNow('2025-07-15T12:00:00+02:00'));
afterEach(() => vi.unstubAllGlobals());

function resultsRows() {
  const table = screen.getByRole('table', { name: /Nagrody natychmiastowe|Losowanie/ });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
}

describe('winners section', () => {
  it('shows today’s instant winners with the award and the published text under the code', async () => {
    stubApi({ instant, draws });
    renderWithProviders(<WinnersSection />);
    expect(screen.getByRole('tab', { name: 'Natychmiastowe' })).toHaveProperty('ariaSelected', 'true');
    expect(screen.getByRole('button', { name: '15 lipca 2025' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Nagrody natychmiastowe' })).toBeTruthy();
    await screen.findByText('K7Q2M9X4B1Z');
    expect(screen.getByRole('columnheader', { name: 'Nagroda' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Wylosowany kod' })).toBeTruthy();
    expect(resultsRows()).toEqual([
      'Nagroda dzienna200 złK7Q2M9X4B1ZAnna K., Kraków',
      'Nagroda dziennaSmartwatchZ3Z3Z3Z3Z3ZPiotr W., Gdańsk',
    ]);
  });

  it('tells the day’s count and shows its first rows; “Pokaż wszystkich” puts all in the page', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 71 }, (_, index) => ({
      date: '2025-07-15',
      code: `M${String(index).padStart(10, '0')}`,
      award: 'KASA_200',
      userPublish: `Laureat ${index + 1}`,
    }));
    stubApi({ instant: { data: many }, draws });
    renderWithProviders(<WinnersSection />);
    await screen.findByText('M0000000000');
    expect(screen.getByText('Liczba zwycięzców: 71')).toBeTruthy();
    expect(resultsRows()).toHaveLength(6);
    const more = screen.getByRole('button', { name: 'Pokaż wszystkich (71)' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(resultsRows()).toHaveLength(71);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Pokaż mniej' }));
    expect(resultsRows()).toHaveLength(6);
    // another day starts folded again
    await user.click(screen.getByRole('button', { name: 'Pokaż wszystkich (71)' }));
    await user.click(screen.getByRole('button', { name: '2 lipca 2025' }));
    await user.click(screen.getByRole('button', { name: '15 lipca 2025' }));
    expect(resultsRows()).toHaveLength(6);
  });

  it('a calendar day lists its winners, or says the data will follow', async () => {
    const user = userEvent.setup();
    stubApi({ instant, draws });
    renderWithProviders(<WinnersSection />);
    await screen.findByText('K7Q2M9X4B1Z');
    await user.click(screen.getByRole('button', { name: '2 lipca 2025' }));
    expect(resultsRows()).toEqual(['Nagroda dziennaAparat do zdjęć natychmiastowychA1A1A1A1A1AEwa N., Łódź']);
    await user.click(screen.getByRole('button', { name: '3 lipca 2025' }));
    expect(screen.getByText('Dane zostaną uzupełnione po weryfikacji.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Nagrody natychmiastowe' })).toBeNull();
  });

  it('disables the days outside the lottery period and the month selector picks the first lottery day', async () => {
    const user = userEvent.setup();
    stubApi({ instant, draws });
    renderWithProviders(<WinnersSection />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Miesiąc' }), 'czerwiec 2025');
    expect(screen.getByRole('button', { name: '24 czerwca 2025' })).toHaveProperty('disabled', true);
    const first = screen.getByRole('button', { name: '25 czerwca 2025' });
    expect(first).toHaveProperty('disabled', false);
    expect(first.getAttribute('aria-pressed')).toBe('true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Miesiąc' }), 'wrzesień 2025');
    expect(screen.getByRole('button', { name: '1 września 2025' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '3 września 2025' })).toHaveProperty('disabled', true);
  });

  it('the draw tab lists draws by order, asks to choose one, then shows its winners by priceRank', async () => {
    const user = userEvent.setup();
    stubApi({ instant, draws });
    renderWithProviders(<WinnersSection />);
    await user.click(screen.getByRole('tab', { name: 'Losowania' }));
    expect(screen.getByRole('heading', { name: 'Wybierz losowanie' })).toBeTruthy();
    expect(screen.getByText('Wybierz losowanie, aby zobaczyć nagrody.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Losowania' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Losowanie 18.07.2025',
      'Losowanie 216.07.2025',
      'Losowanie 328.07.2025',
      'Losowanie 45.08.2025',
      'Losowanie 518.08.2025',
      'Losowanie 626.08.2025',
      'Losowanie 74.09.2025',
      'Losowanie dodatkowe23.09.2025',
    ]);
    await user.click(within(list).getByRole('button', { name: /Losowanie 2/ }));
    expect(screen.getByRole('heading', { name: 'Losowania z dnia 16.07.2025' })).toBeTruthy();
    expect(screen.getByText('Zgłoszenia zarejestrowane od 5.07.2025 do 14.07.2025')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Losowanie 2' })).toBeTruthy();
    await screen.findByText('DRAW2FIRST1');
    expect(resultsRows()).toEqual([
      'WinTo!7 000 złDRAW2FIRST1Ola P.',
      'Nagroda głównaSamochód osobowyDRAW2SECONDJan K.',
    ]);
  });

  it('rows of the additional draw (Draw8) show no name and no label', async () => {
    const user = userEvent.setup();
    stubApi({ instant, draws });
    renderWithProviders(<WinnersSection />);
    await user.click(screen.getByRole('tab', { name: 'Losowania' }));
    await user.click(screen.getByRole('button', { name: /Losowanie dodatkowe/ }));
    await screen.findByText('DRAW8EXTRA1');
    expect(resultsRows()).toEqual(['Samochód osobowyDRAW8EXTRA1']);
    expect(screen.queryByText('Ukryty Z.')).toBeNull();
  });

  it('a draw with no winners yet says the data will follow', async () => {
    const user = userEvent.setup();
    stubApi({ instant, draws });
    renderWithProviders(<WinnersSection />);
    await user.click(screen.getByRole('tab', { name: 'Losowania' }));
    await user.click(screen.getByRole('button', { name: /Losowanie 5/ }));
    expect(await screen.findByText('Dane zostaną uzupełnione po weryfikacji.')).toBeTruthy();
  });

  it('switching back to instant clears the draw and selects today again', async () => {
    const user = userEvent.setup();
    stubApi({ instant, draws });
    renderWithProviders(<WinnersSection />);
    await user.click(screen.getByRole('button', { name: '2 lipca 2025' }));
    await user.click(screen.getByRole('tab', { name: 'Losowania' }));
    await user.click(screen.getByRole('button', { name: /Losowanie 3/ }));
    await user.click(screen.getByRole('tab', { name: 'Natychmiastowe' }));
    expect(screen.getByRole('button', { name: '15 lipca 2025' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Losowania' }));
    expect(screen.getByRole('heading', { name: 'Wybierz losowanie' })).toBeTruthy();
  });

  it('tabs follow the WAI-ARIA pattern: arrows move and select, one tab stop', async () => {
    const user = userEvent.setup();
    stubApi({ instant, draws });
    renderWithProviders(<WinnersSection />);
    const instantTab = screen.getByRole('tab', { name: 'Natychmiastowe' });
    const drawTab = screen.getByRole('tab', { name: 'Losowania' });
    expect([instantTab.tabIndex, drawTab.tabIndex]).toEqual([0, -1]);
    instantTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(drawTab);
    expect(drawTab.getAttribute('aria-selected')).toBe('true');
    expect([instantTab.tabIndex, drawTab.tabIndex]).toEqual([-1, 0]);
    expect(screen.getByRole('tabpanel', { name: 'Losowania' })).toBeTruthy();
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(instantTab);
    expect(instantTab.getAttribute('aria-selected')).toBe('true');
  });

  it('the calendar is one tab stop; arrows move between lottery days and skip the others', async () => {
    const user = userEvent.setup();
    stubApi({ instant, draws });
    renderWithProviders(<WinnersSection />);
    const day = (name: string) => screen.getByRole('button', { name });
    expect(day('15 lipca 2025').tabIndex).toBe(0);
    expect(day('16 lipca 2025').tabIndex).toBe(-1);
    day('15 lipca 2025').focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(day('22 lipca 2025'));
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(day('21 lipca 2025').getAttribute('aria-pressed')).toBe('true');
    expect(day('21 lipca 2025').tabIndex).toBe(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Miesiąc' }), 'czerwiec 2025');
    day('25 czerwca 2025').focus();
    // 24 June and earlier are outside the lottery: Left and Up stay put.
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(document.activeElement).toBe(day('25 czerwca 2025'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(day('30 czerwca 2025'));
  });

  it('a malformed instant list shows the boundary message instead of the table', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ instant: { data: 'nope' }, draws });
    renderWithProviders(<WinnersSection />);
    const message = await screen.findByText('Wystąpił błąd podczas pobierana danych');
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.closest('.winners__results')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Nagrody natychmiastowe' })).toBeNull();
  });

  it('a failed draw fetch shows the boundary message on the draw tab only', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    stubApi({ instant, drawsStatus: 500, draws: { message: 'x' } });
    renderWithProviders(<WinnersSection />);
    await screen.findByText('K7Q2M9X4B1Z');
    await user.click(screen.getByRole('tab', { name: 'Losowania' }));
    await user.click(screen.getByRole('button', { name: /Losowanie 2/ }));
    const message = await screen.findByText('Wystąpił błąd podczas pobierana danych');
    expect(message.closest('.winners__results')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Natychmiastowe' }));
    expect(screen.getByText('K7Q2M9X4B1Z')).toBeTruthy();
  });
});
