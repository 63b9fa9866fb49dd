import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqSection } from '#client/features/faq/faq-section.tsx';
import { faqGroups } from '#client/features/faq/faq-content.ts';

const groupButton = (name: string | RegExp) => screen.getByRole('button', { name, expanded: undefined });

describe('FAQ accordion (spec §2)', () => {
  it('has the six groups, all closed at first', () => {
    render(<FaqSection />);
    const titles = faqGroups.map((group) => group.title);
    expect(titles).toEqual([
      'Warunki uczestnictwa',
      'Nagrody',
      'Losowania i wydawanie nagród',
      'Utrata prawa do nagrody',
      'Reklamacje',
      'Kontakt',
    ]);
    for (const title of titles) expect(groupButton(title).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('opens one group at a time; opening a group resets the open sub-question', async () => {
    const user = userEvent.setup();
    render(<FaqSection />);
    await user.click(groupButton('Warunki uczestnictwa'));
    const region = screen.getByRole('region', { name: 'Warunki uczestnictwa' });
    const question = within(region).getByRole('button', { name: 'Kto może wziąć udział w loterii?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    await user.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/ma pełną zdolność do czynności prawnych/)).toBeTruthy();

    // Another sub-question replaces the open one.
    const second = within(region).getByRole('button', { name: 'Ile kodów promocyjnych mogę otrzymać?' });
    await user.click(second);
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');

    await user.click(groupButton('Nagrody'));
    expect(groupButton('Warunki uczestnictwa').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getAllByRole('region')).toHaveLength(1);
    // Coming back, no sub-question is open any more.
    await user.click(groupButton('Warunki uczestnictwa'));
    expect(
      within(screen.getByRole('region', { name: 'Warunki uczestnictwa' }))
        .getByRole('button', { name: 'Ile kodów promocyjnych mogę otrzymać?' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('clicking an open group closes it', async () => {
    const user = userEvent.setup();
    render(<FaqSection />);
    await user.click(groupButton('Reklamacje'));
    await user.click(groupButton('Reklamacje'));
    expect(groupButton('Reklamacje').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('renders every answer kind: list, nested list, table, links and bold', async () => {
    const user = userEvent.setup();
    render(<FaqSection />);
    await user.click(groupButton('Nagrody'));
    await user.click(screen.getByRole('button', { name: 'Jakie nagrody można wygrać?' }));
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Liczba nagród' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /^WinTo! 7\s000\szł/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ile jest nagród natychmiastowych?' }));
    const nested = screen.getByText('68 nagród po 200 zł;').closest('ul')!;
    expect(nested.parentElement!.textContent).toMatch(/^nagrody dzienne/);

    await user.click(groupButton('Reklamacje'));
    await user.click(screen.getByRole('button', { name: 'Jak i do kiedy mogę złożyć reklamację?' }));
    expect(screen.getByRole('link', { name: 'kontakt@wakacyjna-loteria.pl' }).getAttribute('href')).toBe(
      'mailto:kontakt@wakacyjna-loteria.pl',
    );
    expect(screen.getByText('od 23 czerwca 2025 r. do 10 lutego 2026 r.').tagName).toBe('STRONG');
    expect(screen.getByText(/WAKACYJNA LOTERIA – reklamacja/)).toBeTruthy();
  });

  it('arrow keys move between group headers, Home and End jump to the ends', async () => {
    const user = userEvent.setup();
    render(<FaqSection />);
    groupButton('Warunki uczestnictwa').focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(groupButton('Nagrody'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(groupButton('Kontakt'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(groupButton('Warunki uczestnictwa'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(groupButton('Kontakt'));
    await user.keyboard('{Enter}');
    expect(groupButton('Kontakt').getAttribute('aria-expanded')).toBe('true');
  });
});
