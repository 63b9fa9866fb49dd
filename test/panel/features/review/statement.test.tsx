import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import texts from '#content/panel.json';
import reviewTexts from '#content/review.json';
import { APPROVER, REVIEWER } from '../../helpers';
import { statement } from '../../review-data';
import { decision, heading, open, posts } from './statement-helpers';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('a statement (reviewer, approver)', () => {
  it('shows its facts, its fields in order, the findings by their level in words, and who decided what', async () => {
    open(
      statement({
        state: 'awaiting-approval',
        decision: {
          outcome: 'reject',
          reason: 'unreadable-coupon',
          reasonLabel: 'Nieczytelny kupon',
          sentence: 'Zdjęcie kuponu jest nieczytelne.',
          note: 'Rozmazany kod.',
          at: '2025-07-11T08:00:00.000Z',
        },
        approval: {
          outcome: 'send-back',
          by: 'jan@organizator.pl',
          at: '2025-07-11T09:00:00.000Z',
          note: 'Sprawdź jeszcze raz.',
        },
        actions: [],
      }),
    );
    await heading();
    const fields = screen.getByRole('region', { name: texts.statement.fieldsHeading });
    expect([...fields.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Imię',
      'PESEL',
      'Miejscowość',
      'Zgoda na nagrodę dodatkową',
    ]);
    expect(within(fields).getByText('•••••••5678')).toBeTruthy();
    const findings = screen.getByRole('region', { name: texts.statement.findingsHeading });
    expect(
      within(findings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'W porządku: Oświadczenie przyszło 2025-07-10, w terminie (do 2025-07-14).',
      'Uwaga: Ten sam PESEL jest w oświadczeniu zgłoszenia K7M-4PQ-X3 (kategoria III).',
    ]);
    expect(screen.getByText('Czeka na zatwierdzenie')).toBeTruthy();
    expect(screen.getByText('ewa@organizator.pl (Ty)')).toBeTruthy();
    const history = screen.getByRole('region', { name: texts.statement.historyHeading });
    expect([...history.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      'Odrzucenie, powód: Nieczytelny kupon (2025-07-11 10:00:00)',
      'Zdjęcie kuponu jest nieczytelne.',
      'Rozmazany kod.',
      'Odesłał(a) do ponownego sprawdzenia jan@organizator.pl (2025-07-11 11:00:00)',
      'Sprawdź jeszcze raz.',
    ]);
    expect(within(decision()).getByText(texts.statement.whoActs['awaiting-approval'])).toBeTruthy();
  });

  it('reveals a masked field only for a need chosen from the list, with a note if any, by keyboard', async () => {
    const { requests, user } = open(statement(), REVIEWER, {
      'POST /review/statements/s1/reveal': { body: { value: '85010112345' } },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Pokaż: PESEL' }));
    const form = screen.getByRole('form', { name: 'Pokaż: PESEL' });
    const need = within(form).getByRole('combobox', { name: texts.statement.revealReason });
    expect(document.activeElement).toBe(need);
    expect(
      within(need)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([texts.statement.revealChoose, ...reviewTexts.revealReasons.map((reason) => reason.label)]);

    // Nothing chosen: said, the list marked, nothing sent.
    await user.click(within(form).getByRole('button', { name: texts.statement.revealSubmit }));
    expect(await screen.findByText(texts.statement.revealReasonInvalid)).toBeTruthy();
    expect(need.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(need);
    expect(posts(requests)).toEqual([]);

    // The list, then the note, sent with Enter. Typing N in the note is a letter, not 'Weź następne'.
    await user.selectOptions(need, 'identity');
    await user.tab();
    expect(document.activeElement).toBe(
      within(form).getByRole('textbox', { name: texts.statement.revealNote }),
    );
    await user.keyboard('Nr z kopii dowodu{Enter}');
    expect(await screen.findByText('85010112345')).toBeTruthy();
    expect(screen.queryByText('•••••••5678')).toBeNull();
    expect(screen.getByText('Pokazano: PESEL.')).toBeTruthy();
    expect(posts(requests)).toEqual([
      ['/review/statements/s1/reveal', { field: 'pesel', reason: 'identity', note: 'Nr z kopii dowodu' }],
    ]);
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ukryj: PESEL' })),
    );

    await user.click(screen.getByRole('button', { name: 'Ukryj: PESEL' }));
    expect(screen.queryByText('85010112345')).toBeNull();
    expect(screen.getByText('•••••••5678')).toBeTruthy();
  });

  it('says the server’s refusal of a reveal, and keeps the value masked', async () => {
    const { user } = open(statement(), REVIEWER, {
      'POST /review/statements/s1/reveal': {
        status: 403,
        body: { message: 'Pełne dane widzi tylko osoba, która sprawdza to oświadczenie.' },
      },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Pokaż: PESEL' }));
    await user.selectOptions(screen.getByRole('combobox', { name: texts.statement.revealReason }), 'age');
    await user.click(screen.getByRole('button', { name: texts.statement.revealSubmit }));
    expect(
      await screen.findByText('Pełne dane widzi tylko osoba, która sprawdza to oświadczenie.'),
    ).toBeTruthy();
    expect(screen.getByText('•••••••5678')).toBeTruthy();
  });

  it('shows whoever does not act on it the numbers masked, no photo, and who may look', async () => {
    open(statement({ reviewer: { email: 'ewa@organizator.pl', me: false }, actions: ['release'] }), APPROVER);
    await heading();
    expect(screen.queryByRole('button', { name: 'Pokaż: PESEL' })).toBeNull();
    expect(screen.getByText('•••••••5678')).toBeTruthy();
    expect(screen.getByText(texts.statement.revealNotYours)).toBeTruthy();
    const photo = screen.getByRole('region', { name: texts.statement.photoHeading });
    expect(within(photo).queryByRole('button')).toBeNull();
    expect(within(photo).getByText(texts.statement.photoNotYours)).toBeTruthy();
  });

  it('loads the coupon photo only when asked, for a need, and zooms it: 100 %, + and −, back to fitted', async () => {
    const { requests, user } = open(statement());
    await heading();
    const photo = screen.getByRole('region', { name: texts.statement.photoHeading });
    expect(photo.querySelector('img')).toBeNull();
    await user.click(within(photo).getByRole('button', { name: texts.statement.photoShow }));
    const form = within(photo).getByRole('form', { name: texts.statement.photoShow });
    await user.click(within(form).getByRole('button', { name: texts.statement.photoSubmit }));
    expect(await within(photo).findByText(texts.statement.revealReasonInvalid)).toBeTruthy();
    expect(photo.querySelector('img')).toBeNull();
    await user.selectOptions(
      within(form).getByRole('combobox', { name: texts.statement.revealReason }),
      'coupon',
    );
    await user.click(within(form).getByRole('button', { name: texts.statement.photoSubmit }));

    const image = within(photo).getByRole<HTMLImageElement>('img', {
      name: 'Zdjęcie kuponu zgłoszenia K7M-4PQ-X2',
    });
    expect(image.getAttribute('src')).toBe('/panel/api/review/statements/s1/image?reason=coupon');
    // The browser loads it, not fetch: the cookie goes with it.
    expect(requests.some((request) => request.path.includes('/image'))).toBe(false);
    Object.defineProperty(image, 'naturalWidth', { value: 800 });
    fireEvent.load(image);
    expect(image.hasAttribute('width')).toBe(false);
    expect(within(photo).getByText(texts.statement.zoomFitted)).toBeTruthy();

    const toggle = within(photo).getByRole('button', { name: texts.statement.zoomActual });
    await vi.waitFor(() => expect(document.activeElement).toBe(toggle));
    await user.keyboard('{Enter}');
    expect(image.getAttribute('width')).toBe('800');
    expect(within(photo).getByText('Powiększenie: 100 %')).toBeTruthy();
    await user.click(within(photo).getByRole('button', { name: texts.statement.zoomIn }));
    expect(image.getAttribute('width')).toBe('1200');
    await user.click(within(photo).getByRole('button', { name: texts.statement.zoomOut }));
    await user.click(within(photo).getByRole('button', { name: texts.statement.zoomOut }));
    expect(image.getAttribute('width')).toBe('600');
    expect(within(photo).getByText('Powiększenie: 75 %')).toBeTruthy();

    await user.click(within(photo).getByRole('button', { name: texts.statement.zoomFit }));
    expect(image.hasAttribute('width')).toBe(false);
    // A click on the photo toggles too.
    await user.click(image);
    expect(image.getAttribute('width')).toBe('800');
  });
});
