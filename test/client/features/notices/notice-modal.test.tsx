import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { App } from '#client/app.tsx';
import { campaignNow } from '#client/lib/clock.ts';
import { NoticeModal } from '#client/features/notices/notice-modal.tsx';
import { createWinnersLists, WinnersListsContext } from '#client/features/winners/winners-data.ts';
import { campaign } from '#shared/campaign.ts';
import { pinCampaignNow, stubApi } from '../../helpers';

const notices = [
  { start: '2025-07-01T00:00:00', end: '2025-07-02', message: 'Przerwa techniczna 2 lipca.' },
  { start: '2025-08-01T00:00:00', end: '2025-08-01T12:00:00', message: 'Inny komunikat.' },
];

describe('notice modal (spec §2)', () => {
  it('opens with the message of the period that holds now, and closes', async () => {
    const user = userEvent.setup();
    render(<NoticeModal notices={notices} nowMs={Date.parse('2025-07-02T23:30:00+02:00')} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Przerwa techniczna 2 lipca.');
    expect(dialog.textContent).not.toContain('Inny komunikat.');
    await user.click(screen.getByRole('button', { name: 'Rozumiem' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays closed outside every period', () => {
    render(<NoticeModal notices={notices} nowMs={Date.parse('2025-08-01T12:00:01+02:00')} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('waits while another modal is open', () => {
    const { rerender } = render(
      <NoticeModal enabled={false} notices={notices} nowMs={Date.parse('2025-07-01T10:00:00+02:00')} />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<NoticeModal enabled notices={notices} nowMs={Date.parse('2025-07-01T10:00:00+02:00')} />);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('notice modal in the app', () => {
  afterEach(() => {
    campaign.notices.length = 0;
  });

  it('opens once a visit: back on the home page after closing it, it stays closed', async () => {
    campaign.notices.push({
      start: '2025-07-01T00:00:00',
      end: '2025-07-02',
      message: 'Przerwa techniczna.',
    });
    pinCampaignNow('2025-07-01T10:00:00+02:00');
    stubApi({});
    const user = userEvent.setup();
    let navigate!: (to: string) => void;
    function Navigator() {
      const go = useNavigate();
      navigate = (to) => void go(to);
      return null;
    }
    render(
      <WinnersListsContext value={createWinnersLists()}>
        <MemoryRouter initialEntries={['/']}>
          <Navigator />
          <App nowMs={campaignNow()} />
        </MemoryRouter>
      </WinnersListsContext>,
    );
    await user.click(await screen.findByRole('button', { name: 'Rozumiem' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => navigate('/cokolwiek'));
    act(() => navigate('/'));
    await screen.findByRole('heading', { name: 'Zasady loterii' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
