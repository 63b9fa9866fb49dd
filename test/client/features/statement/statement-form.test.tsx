import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { loadStatementPage } from '#client/features/statement/load-statement-page.tsx';
import { prizes, type TierId } from '#shared/campaign.ts';
import { texts } from '#shared/content/statement-texts.ts';
import { validStatements, VALID } from '../../../fixtures/statements';

async function renderTier(
  tierId: TierId,
  { search = '?hash=abc', state }: { search?: string; state?: unknown } = {},
) {
  const tier = prizes.tiers.find((candidate) => candidate.id === tierId)!;
  const { default: StatementPage } = await loadStatementPage(tierId);
  render(
    <MemoryRouter initialEntries={[{ pathname: tier.path, search, state }]}>
      <Routes>
        <Route path={tier.path} element={<StatementPage />} />
        <Route path="/" element={<p>strona główna</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const fieldIds = () =>
  [...document.querySelectorAll<HTMLElement>('input[id^="root_"]')]
    .map((input) => input.id)
    .filter((id) => !/-\d+$|-nie$/.test(id));

const NAME = ['root_firstName', 'root_lastName'];
const ADDRESS = [
  'root_address_city',
  'root_address_zipCode',
  'root_address_street',
  'root_address_house',
  'root_address_flat',
];
const CONTACT = ['root_phone', 'root_email'];
const CONSENTS = ['root_consents_rules', 'root_consents_notEmployee', 'root_consents_rodo'];
const POLITICAL = ['root_answer_1', 'root_answer_2', 'root_answer_3', 'root_confirmed'];

// spec §3 "Fields shown per tier" (the spec's seven tiers), in page order, before any toggle
const SHOWN: Partial<Record<TierId, string[]>> = {
  I: [
    'root_code',
    'root_file',
    ...NAME,
    ...ADDRESS,
    ...CONTACT,
    'root_citizenship',
    'root_country',
    'root_noPesel',
    'root_pesel',
    'root_noPersonalId',
    'root_personalId',
    'root_bankAccount',
    ...CONSENTS,
    'root_consents_tax',
    ...POLITICAL,
  ],
  II: [
    'root_code',
    'root_file',
    ...NAME,
    ...ADDRESS,
    ...CONTACT,
    'root_citizenship',
    'root_country',
    'root_noPesel',
    'root_pesel',
    'root_noPersonalId',
    'root_personalId',
    ...CONSENTS,
    'root_consents_tax',
    ...POLITICAL,
  ],
  III: [
    'root_code',
    'root_file',
    ...NAME,
    ...ADDRESS,
    ...CONTACT,
    'root_noPesel',
    'root_pesel',
    'root_noPersonalId',
    'root_personalId',
    ...CONSENTS,
    'root_consents_tax',
  ],
  IV: ['root_code', 'root_file', ...NAME, ...ADDRESS, ...CONTACT, ...CONSENTS],
  V: ['root_code', 'root_file', ...NAME, ...ADDRESS, ...CONTACT, ...CONSENTS],
  VI: ['root_code', 'root_serialNumber', ...NAME, ...CONTACT, 'root_bankAccount', ...CONSENTS],
  WINTO: [
    'root_code',
    'root_file',
    ...NAME,
    ...CONTACT,
    'root_noPesel',
    'root_pesel',
    'root_noPersonalId',
    'root_personalId',
    'root_bankAccount',
    ...CONSENTS,
    'root_consents_tax',
  ],
};

// What 'no PESEL' and 'no ID card' swap in (spec §3)
const SWAPPED_IN: Partial<Record<TierId, string[]>> = {
  I: ['root_birthDate', 'root_passport'],
  II: ['root_birthDate', 'root_passport'],
  III: ['root_birthDate', 'root_citizenship', 'root_passport'],
  WINTO: [...ADDRESS, 'root_birthDate', 'root_citizenship', 'root_passport'],
};

describe.each(Object.keys(SHOWN) as TierId[])('statement form, tier %s', (tierId) => {
  it('shows the fields of spec §3 in page order', async () => {
    await renderTier(tierId);
    await screen.findByRole('heading', { level: 1 });
    expect(fieldIds()).toEqual(SHOWN[tierId]);
  });
});

describe.each(Object.keys(SWAPPED_IN) as TierId[])(
  'statement form, tier %s, without PESEL and ID card',
  (tierId) => {
    it('swaps PESEL and ID card for their alternatives', async () => {
      await renderTier(tierId);
      const user = userEvent.setup();
      await user.click(await screen.findByLabelText('Nie posiadam numeru PESEL'));
      await user.click(screen.getByLabelText('Nie posiadam dowodu osobistego'));
      const ids = fieldIds();
      expect(ids).not.toContain('root_pesel');
      expect(ids).not.toContain('root_personalId');
      for (const id of SWAPPED_IN[tierId]!) expect(ids).toContain(id);
    });
  },
);

/** Tiers IV and V: everything but the code and the photo. */
async function fillNameAddressContactConsents(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Imię/), 'Jan');
  await user.type(screen.getByLabelText(/^Nazwisko/), 'Kowalski');
  await user.type(screen.getByLabelText(/^Miejscowość/), 'Kraków');
  await user.type(screen.getByLabelText(/^Kod pocztowy/), '30001');
  await user.type(screen.getByLabelText(/^Numer domu/), '5');
  await user.type(screen.getByLabelText(/^Numer telefonu/), '600700800');
  await user.type(screen.getByLabelText(/^Adres e-mail/), 'jan@example.pl');
  for (const consent of CONSENTS) await user.click(document.getElementById(consent)!);
}

describe('statement form behaviour', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    window.scrollTo = vi.fn() as never;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('tells a winner whose statement arrived where its review stands, without the form', async () => {
    const answers = [
      [{}, 'Twoje oświadczenie już do nas dotarło'],
      [{ review: 'in-review' }, 'Sprawdzamy Twoje oświadczenie'],
      [{ review: 'accepted' }, 'Twoje oświadczenie zostało przyjęte'],
      [
        { review: 'rejected', reason: 'Zdjęcie kuponu jest nieczytelne.', reference: 'AB2C-3DEF' },
        'Nie możemy wydać nagrody',
      ],
    ] as const;
    for (const [review, heading] of answers) {
      fetchMock.mockResolvedValue(
        new Response(JSON.stringify({ status: 'received', tier: 'IV', ...review }), { status: 200 }),
      );
      await renderTier('IV');
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Wyślij oświadczenie' })).toBeNull();
      if ('reason' in review) {
        expect(screen.getByText(review.reason)).toBeTruthy();
        // The number a complaint names.
        expect(screen.getByText(/Numer Twojego zgłoszenia: AB2C-3DEF\./)).toBeTruthy();
      }
      cleanup();
    }
  });

  it('tells a winner what became of the accepted prize: sent with its carrier and number, returned, delivered, handed over, paid', async () => {
    const answers = [
      [
        { state: 'shipped', on: '2026-01-10', carrier: 'InPost', tracking: '620000111222333' },
        'Twoja nagroda jest w drodze',
        /wysłaliśmy 10 stycznia 2026 r\. przesyłką firmy InPost\. Numer przesyłki: 620000111222333/,
      ],
      [{ state: 'returned', on: '2026-01-15' }, 'Przesyłka z nagrodą wróciła do nas', /Wyślemy ją ponownie/],
      [{ state: 'delivered', on: '2026-01-12' }, 'Nagroda została wydana', /doręczona 12 stycznia 2026 r\./],
      [
        { state: 'handed-over', on: '2025-12-31' },
        'Nagroda została wydana',
        /przekazana 31 grudnia 2025 r\./,
      ],
      [{ state: 'paid', on: '2025-12-15' }, 'Nagroda została wydana', /przelewem .* 15 grudnia 2025 r\./],
      // Still to be issued: the acceptance alone, nothing of a way not yet taken.
      [
        { state: 'to-issue', on: '2025-12-01' },
        'Twoje oświadczenie zostało przyjęte',
        /Nagrodę wydamy zgodnie z regulaminem loterii/,
      ],
    ] as const;
    for (const [issue, heading, text] of answers) {
      fetchMock.mockResolvedValue(
        new Response(JSON.stringify({ status: 'received', tier: 'IV', review: 'accepted', issue }), {
          status: 200,
        }),
      );
      await renderTier('IV');
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      cleanup();
    }
  });

  it('tells a winner whose prize passed to a reserve winner what happened and why, without the form', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: 'passed', tier: 'WINTO' }), { status: 200 }),
    );
    await renderTier('WINTO');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nagroda przeszła na zwycięzcę rezerwowego' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/w ciągu 6 dni kalendarzowych .* przeszła na zwycięzcę rezerwowego/),
    ).toBeTruthy();
    expect(screen.queryByText(texts.linkUnknownTitle)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Wyślij oświadczenie' })).toBeNull();
  });

  it('shows an error only once the field was left, and typing revalidates it', async () => {
    await renderTier('IV');
    const user = userEvent.setup();
    const firstName = await screen.findByLabelText(/^Imię/);
    expect(screen.queryByText('Imię jest wymagane')).toBeNull();
    await user.click(firstName);
    await user.tab();
    expect(await screen.findByText('Imię jest wymagane')).toBeTruthy();
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(firstName.getAttribute('aria-describedby')).toContain('root_firstName__error');
    await user.type(firstName, 'J');
    expect(await screen.findByText('Pole musi mieć co najmniej 2 znaki.')).toBeTruthy();
    await user.type(firstName, 'an');
    await waitFor(() => expect(screen.queryByText('Pole musi mieć co najmniej 2 znaki.')).toBeNull());
    // an untouched field keeps its error hidden
    expect(screen.queryByText('Miejscowość jest wymagana')).toBeNull();
  });

  it('fills all code boxes from a pasted code, in the capitals they show, and goes back with Backspace', async () => {
    await renderTier('VI', { search: '' });
    const user = userEvent.setup();
    const first = await screen.findByLabelText('Znak 1 z 11');
    await user.click(first);
    await user.paste('ab-12 cd34ef5');
    const boxes = [...document.querySelectorAll<HTMLInputElement>('.code-boxes__box')];
    expect(boxes.map((box) => box.value).join('')).toBe('AB12CD34EF5');
    boxes[10]!.focus();
    await user.keyboard('{Backspace}');
    await user.keyboard('{Backspace}');
    expect(boxes.map((box) => box.value).join('')).toBe('AB12CD34E');
  });

  it('prefills and locks the code passed by the code checker, and hides the photo for an online code', async () => {
    await renderTier('III', { search: '', state: { code: 'E1B2C3D4E5F' } });
    const first = await screen.findByLabelText('Znak 1 z 11');
    expect((first as HTMLInputElement).readOnly).toBe(true);
    expect(fieldIds()).not.toContain('root_file');
    // a paste does not change a locked code (read-only boxes still receive paste events)
    const user = userEvent.setup();
    await user.click(first);
    await user.paste('XXXXXXXXXXX');
    const boxes = [...document.querySelectorAll<HTMLInputElement>('.code-boxes__box')];
    expect(boxes.map((box) => box.value).join('')).toBe('E1B2C3D4E5F');
    expect(screen.getByText('Kod został wpisany automatycznie na podstawie wyszukiwania.')).toBeTruthy();
  });

  it('says a code filled in from the e-mailed link came from the link, not from a search', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: 'open', tier: 'IV', code: 'A1B2C3D4E5F' }), { status: 200 }),
    );
    await renderTier('IV');
    expect(
      await screen.findByText(/^Kod został wpisany automatycznie z linku w wiadomości e-mail/),
    ).toBeTruthy();
    expect(screen.queryByText(/na podstawie wyszukiwania/)).toBeNull();
    expect((screen.getByLabelText('Znak 1 z 11') as HTMLInputElement).readOnly).toBe(true);
  });

  it('explains how to reach a hash tier opened without the link, even with a code from the checker', async () => {
    for (const state of [undefined, { code: 'A1B2C3D4E5F' }]) {
      await renderTier('I', { search: '', state });
      expect(
        await screen.findByRole('heading', { name: 'Oświadczenie otworzysz z linku w wiadomości e-mail' }),
      ).toBeTruthy();
      expect(document.querySelector('form')).toBeNull();
      cleanup();
    }
  });

  /** Tier VI with an offline code, filled as a winner would; the submit button is returned. */
  async function fillTierVI(
    user: ReturnType<typeof userEvent.setup>,
    person: { firstName: string; email: string },
  ) {
    const fixture = validStatements.find((candidate) => candidate.name.startsWith('tier VI, offline'))!;
    await renderTier('VI', { search: '' });
    const submit = await screen.findByRole('button', { name: 'Wyślij oświadczenie' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('Znak 1 z 11'));
    await user.paste(fixture.form.code!);
    await user.type(screen.getByLabelText(/^Numer seryjny kuponu/), fixture.form.serialNumber!);
    await user.type(screen.getByLabelText(/^Imię/), person.firstName);
    await user.type(screen.getByLabelText(/^Nazwisko/), 'Kowalski');
    await user.type(screen.getByLabelText(/^Numer telefonu/), '600 700 800');
    await user.type(screen.getByLabelText(/^Adres e-mail/), person.email);
    await user.type(screen.getByLabelText(/^Numer rachunku bankowego/), VALID.account);
    for (const consent of CONSENTS) await user.click(document.getElementById(consent)!);
    return { fixture, submit: submit as HTMLButtonElement };
  }

  it('keeps submit disabled until complete, then sends exactly the payload and thanks with its reference', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: 'ok', reference: 'K7QM-4XD9' }), { status: 201 }),
    );
    const user = userEvent.setup();
    const { fixture, submit } = await fillTierVI(user, {
      firstName: 'Jan',
      email: 'jan.kowalski@example.pl',
    });
    expect((screen.getByLabelText(/^Numer seryjny kuponu/) as HTMLInputElement).value).toBe(
      '1234-567890123-456789',
    );
    expect(submit.disabled).toBe(false);

    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Dziękujemy za wypełnienie oświadczenia' });
    expect(texts.successTextByCode).toContain('adres e-mail podany przy rejestracji kodu');
    // Under the spec's success text (saying where the mail goes: the code's registered address), the reference with its label, the number set apart to copy it whole.
    expect([...dialog.querySelectorAll('.modal__body p')].map((p) => p.textContent)).toEqual([
      texts.successTextByCode,
      'Numer zgłoszenia: K7QM-4XD9',
      'Zachowaj ten numer — podaj go, jeśli skontaktujesz się z nami w sprawie nagrody.',
    ]);
    expect(within(dialog).getByText('K7QM-4XD9').className).toBe('statement__reference-number');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/complete-testimonial');
    expect(JSON.parse(String(init!.body))).toEqual(fixture.payload);
  });

  it('sends texts in Unicode NFC: "Zófia" typed decomposed goes out composed', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ status: 'ok' }), { status: 201 }));
    const user = userEvent.setup();
    const { fixture, submit } = await fillTierVI(user, { firstName: 'Zo\u0301fia', email: 'a=b@example.pl' });
    // the input keeps what was typed; the payload carries its NFC form
    expect((screen.getByLabelText(/^Imię/) as HTMLInputElement).value).toBe('Zo\u0301fia');
    // README: '=' is legal in an e-mail address, and the browser takes it as the server does
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Dziękujemy za wypełnienie oświadczenia' });
    // An older server's 201 has no reference: the success text alone.
    expect([...dialog.querySelectorAll('.modal__body p')].map((p) => p.textContent)).toEqual([
      texts.successTextByCode,
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      ...fixture.payload,
      name: 'Zófia',
      email: 'a=b@example.pl',
    });
  });

  it('refuses names with fewer than two letters, and minors, with the schemas’ messages', async () => {
    const adultsOnlyPesel =
      'Loteria jest tylko dla osób pełnoletnich. Z numeru PESEL wynika, że w ostatnim dniu rejestracji kodów nie miałeś(-aś) ukończonych 18 lat.';
    const adultsOnlyBirthDate =
      'Loteria jest tylko dla osób pełnoletnich. W ostatnim dniu rejestracji kodów nie miałeś(-aś) ukończonych 18 lat.';
    await renderTier('III');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Imię/), 'Ł.');
    await user.tab();
    expect(await screen.findByText('Pole musi zawierać co najmniej 2 litery.')).toBeTruthy();

    // 17 years old on the last day of code registration (born 15 March 2008)
    const pesel = screen.getByLabelText(/^PESEL/);
    await user.type(pesel, '08231504560');
    await user.tab();
    expect(await screen.findByText(adultsOnlyPesel)).toBeTruthy();
    expect(pesel.getAttribute('aria-invalid')).toBe('true');
    // 18 on that very day (born 2 September 2007)
    await user.clear(pesel);
    await user.type(pesel, '07290201238');
    await waitFor(() => expect(screen.queryByText(adultsOnlyPesel)).toBeNull());

    await user.click(screen.getByLabelText('Nie posiadam numeru PESEL'));
    const birthDate = screen.getByLabelText(/^Data urodzenia/);
    await user.type(birthDate, '20070903');
    await user.tab();
    expect(await screen.findByText(adultsOnlyBirthDate)).toBeTruthy();
    await user.clear(birthDate);
    await user.type(birthDate, '20070902');
    await waitFor(() => expect(screen.queryByText(adultsOnlyBirthDate)).toBeNull());
  });

  it('with an offline code and no photo: scrolls up, says the file is required, sends nothing', async () => {
    await renderTier('IV');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Znak 1 z 11'));
    await user.paste('A1B2C3D4E5F');
    await fillNameAddressContactConsents(user);
    await user.click(screen.getByRole('button', { name: 'Wyślij oświadczenie' }));
    expect(await screen.findByText('Plik jest wymagany')).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalled();
    // the only call is the link check as the page opened
    // (docs/decisions/statement-page.md#statement-link-check): no statement was sent
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/statement-link?hash=abc']);
  });

  it('shows the server message split into paragraphs in the error modal, keeping the data', async () => {
    const fixture = validStatements.find((candidate) => candidate.tier === 'V')!;
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ message: 'email: E-mail jest nieprawidłowy.; code: Kod nie wygrał: sprawdź go' }),
        {
          status: 400,
        },
      ),
    );
    await renderTier('V', { state: { code: fixture.form.code } });
    const user = userEvent.setup();
    await fillNameAddressContactConsents(user);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Wyślij oświadczenie' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Wystąpił błąd' });
    expect([...dialog.querySelectorAll('.modal__body p')].map((p) => p.textContent)).toEqual([
      'E-mail jest nieprawidłowy.',
      'Kod nie wygrał: sprawdź go',
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText(/^Imię/) as HTMLInputElement).value).toBe('Jan');
  });
});
