import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WinnersSection } from '#client/features/winners/winners-section.tsx';
import { pinCampaignNow, renderWithProviders, stubApi } from '../../helpers';

const api = {
  instant: {
    data: [{ date: '2025-07-15', code: 'K7Q2M9X4B1Z', award: 'KASA_200', userPublish: 'Anna K., Kraków' }],
  },
  draws: [
    {
      drawName: 'Draw1',
      price: 'AYGO',
      priceRank: 1,
      code: 'K7Q2M9X4B1Z',
      name: 'Anna K.',
      testimonialId: 't1',
    },
    {
      drawName: 'Draw2',
      price: 'WINTO',
      priceRank: 1,
      code: 'W1NTOW1NT0X',
      name: 'Ola P.',
      testimonialId: 't2',
    },
  ],
};

beforeAll(() => pinCampaignNow('2025-07-15T12:00:00+02:00'));
afterEach(() => vi.unstubAllGlobals());

/** How often each list was asked of the server. */
const listCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  ['publish-winners', 'WinnersList'].map(
    (path) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path)).length,
  );

async function setup() {
  const user = userEvent.setup();
  const fetchMock = stubApi(api);
  renderWithProviders(<WinnersSection />);
  await screen.findByText('Anna K., Kraków');
  const input = screen.getByPlaceholderText('wprowadź kod promocyjny');
  const search = async (value: string) => {
    await user.clear(input);
    if (value) await user.type(input, value);
    await user.click(screen.getByRole('button', { name: 'Wyszukaj' }));
  };
  return { user, input, search, fetchMock };
}

describe('code checker (spec §5)', () => {
  it('has the heading, placeholder and button of the spec', async () => {
    await setup();
    expect(screen.getByRole('heading', { name: 'Sprawdź czy Twój kod został wylosowany' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wyszukaj' })).toBeTruthy();
  });

  it('does nothing for an empty or whitespace-only input', async () => {
    const { search } = await setup();
    await search('');
    await search('   ');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists every prize of a code found in both lists: a code-claimed one links to its statement with the code', async () => {
    const { user, search } = await setup();
    await search('K7Q2M9X4B1Z');
    const dialog = screen.getByRole('dialog', { name: 'Twoje nagrody' });
    expect(within(dialog).getByText('200 zł')).toBeTruthy();
    expect(within(dialog).getByText('Samochód osobowy')).toBeTruthy();
    // The car (tier I) is claimed from the e-mailed link only: the modal says so instead of linking.
    expect(
      within(dialog).getByText(/Osobisty link do oświadczenia wysłaliśmy Ci w wiadomości e-mail/),
    ).toBeTruthy();
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/oswiadczenie-vi-stopnia']);
    await user.click(links[0]!);
    expect(screen.getByTestId('destination').textContent).toBe(
      '/oswiadczenie-vi-stopnia {"code":"K7Q2M9X4B1Z"}',
    );
  });

  it('matches a draw-only code: the WinTo! prize points to the e-mailed link', async () => {
    const { search } = await setup();
    await search('W1NTOW1NT0X');
    const dialog = screen.getByRole('dialog', { name: 'Twoje nagrody' });
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(within(dialog).getByText(/Osobisty link do oświadczenia/)).toBeTruthy();
  });

  it('searches the lists the section holds: no fetch of its own', async () => {
    const { search, fetchMock } = await setup();
    await search('W1NTOW1NT0X');
    expect(screen.getByRole('dialog', { name: 'Twoje nagrody' })).toBeTruthy();
    expect(listCalls(fetchMock)).toEqual([1, 1]);
  });

  it('writes what is typed in lower case as the capitals codes are printed in, and finds it', async () => {
    const { search, input } = await setup();
    expect(input.getAttribute('autocapitalize')).toBe('characters');
    // the format is told under the field, and read with it
    const hint = document.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toMatch(/11 znaków.*wielkie litery i cyfry/);
    await search('k7q2m9x4b1z');
    expect((input as HTMLInputElement).value).toBe('K7Q2M9X4B1Z');
    expect(screen.getByRole('dialog', { name: 'Twoje nagrody' })).toBeTruthy();
  });

  it('matches exactly: surrounding spaces or a shorter code are not found; the button closes the modal', async () => {
    const { user, search, input } = await setup();
    for (const attempt of [' K7Q2M9X4B1Z', 'K7Q2M9X4B1']) {
      await search(attempt);
      const dialog = screen.getByRole('dialog', { name: 'Twój kod nie został wylosowany' });
      await user.click(within(dialog).getByRole('button', { name: 'Sprawdź kolejny kod' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    // Focus goes back where it was, so the next code can be checked at once.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Wyszukaj' }));
    expect(input).toBeTruthy();
  });

  it('Escape closes the found modal', async () => {
    const { user, search } = await setup();
    await search('K7Q2M9X4B1Z');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a search made before the lists arrive waits for them', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(api);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input) => {
      await gate;
      return answer(input);
    });
    renderWithProviders(<WinnersSection />);
    await user.type(screen.getByPlaceholderText('wprowadź kod promocyjny'), 'W1NTOW1NT0X');
    await user.click(screen.getByRole('button', { name: 'Wyszukaj' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    release();
    expect(await screen.findByRole('dialog', { name: 'Twoje nagrody' })).toBeTruthy();
    // the search waited for the section's fetches, it made none of its own
    expect(listCalls(fetchMock)).toEqual([1, 1]);
  });

  it('says the data could not be fetched rather than “not drawn” when a list fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    stubApi({ ...api, drawsStatus: 503 });
    renderWithProviders(<WinnersSection />);
    await user.type(screen.getByPlaceholderText('wprowadź kod promocyjny'), 'NOPE0000000');
    await user.click(screen.getByRole('button', { name: 'Wyszukaj' }));
    const alerts = await screen.findAllByText('Wystąpił błąd podczas pobierana danych');
    expect(alerts.some((alert) => alert.closest('.checker'))).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
