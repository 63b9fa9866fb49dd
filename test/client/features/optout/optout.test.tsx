import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { OptOutModal } from '#client/features/optout/optout-modal.tsx';
import { stubApi } from '../../helpers';

const QUESTION = 'Czy chcesz zrezygnować z otrzymywania kodów promocyjnych na e-mail?';

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname + location.search}</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <OptOutModal />
      <Address />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('e-mail opt-out (spec §2)', () => {
  it('stays closed without an action parameter', () => {
    stubApi({});
    renderAt('/?hash=abc');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks the question, sends the hash once, then confirms; only then action and hash leave the address bar', async () => {
    const user = userEvent.setup();
    let answer!: (status: number) => void;
    const fetchMock = stubApi({ resignation: () => new Promise<number>((resolve) => (answer = resolve)) });
    renderAt('/?action=rezygnacja&hash=h%2Fa+sh');
    expect(screen.getByRole('dialog', { name: QUESTION })).toBeTruthy();
    // Until the visitor answers, a reload must bring the offer back.
    expect(screen.getByTestId('address').textContent).toBe('/?action=rezygnacja&hash=h%2Fa+sh');

    const button = screen.getByRole('button', { name: 'Rezygnuję' });
    await user.click(button);
    expect(button).toHaveProperty('disabled', true);
    await user.click(button);
    answer(200);
    expect(await screen.findByText(/zostanie zrealizowana w ciągu dwóch dni roboczych/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/nie będziemy wysyłać Ci kodów promocyjnych/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/resignation?hash=h%2Fa%20sh');
    // The router updates the address in a transition, after the answer shows.
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/'));
    // docs/decisions/landing.md#opt-out-modal: answered, it no longer asks the question above a greyed
    // button; it offers to close.
    expect(screen.getByRole('dialog', { name: 'Rezygnacja przyjęta' })).toBeTruthy();
    expect(screen.queryByText(QUESTION)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rezygnuję' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Wróć do strony' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the failure text when the server refuses', async () => {
    const user = userEvent.setup();
    stubApi({ resignation: 404 });
    renderAt('/?action=rezygnacja&hash=unknown');
    await user.click(screen.getByRole('button', { name: 'Rezygnuję' }));
    expect(await screen.findByText('Wystąpił błąd podczas rezygnacji')).toBeTruthy();
    // The visitor may try again, now or after a reload.
    expect(screen.getByRole('button', { name: 'Rezygnuję' })).toHaveProperty('disabled', false);
    expect(screen.getByTestId('address').textContent).toBe('/?action=rezygnacja&hash=unknown');
  });

  it('shows the failure text when the network fails', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderAt('/?action=rezygnacja&hash=abc');
    await user.click(screen.getByRole('button', { name: 'Rezygnuję' }));
    expect(await screen.findByText('Wystąpił błąd podczas rezygnacji')).toBeTruthy();
  });

  it('the button does nothing without a hash', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderAt('/?action=rezygnacja');
    await user.click(screen.getByRole('button', { name: 'Rezygnuję' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('closing it declines the offer: action and hash leave the address bar, other parameters stay', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderAt('/?utm_source=mail&action=rezygnacja&hash=abc');
    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('address').textContent).toBe('/?utm_source=mail');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Escape closes it the same way', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderAt('/?action=rezygnacja&hash=abc');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('address').textContent).toBe('/');
  });
});
