import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NoticeModal } from '../../src/client/features/notices/notice-modal';

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
