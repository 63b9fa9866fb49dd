import { describe, expect, it } from 'vitest';
import mailJson from '#content/mail.json';
import { prizes, type TierId } from '#shared/campaign.ts';
import { composeMail, type ComposedMail, type MailFacts } from '#server/mail/compose.ts';
import { validStatements } from '../../fixtures/statements';

// What a winner notices in the e-mails: the link in both parts, how to claim a tier III or VI prize, the
// deadline in words, the last day's wording, and in the `received` message its reference and nothing they
// sent.

const SITE = 'https://www.wakacyjna-loteria.pl';
const HASH_URL = `${SITE}/oswiadczenie-i-stopnia?hash=hXk2Jq9bQm4Zt7Lw8Pn3Rs6Uv`;
const CODE_URL = `${SITE}/oswiadczenie-vi-stopnia`;
const CONTACT_INSTRUCTION = /adres e-mail lub numer telefonu, z którym zarejestrowałeś\(-aś\) kod/;

const tierOf = (id: TierId) => prizes.tiers.find((tier) => tier.id === id)!;
const claim = (tier: TierId, code = 'A1B2C3D4E5F') => ({ tier, prize: tierOf(tier).prize, code });

const link = (tier: TierId, url: string): MailFacts => ({
  kind: 'link',
  ...claim(tier),
  url,
  deadline: '2025-07-01',
});
const reminder = (tier: TierId, final: boolean): MailFacts => ({
  kind: 'reminder',
  ...claim(tier),
  url: tierOf(tier).claimBy === 'code' ? CODE_URL : HASH_URL,
  deadline: '2025-07-01',
  final,
});
const received = (tier: TierId): MailFacts => ({
  kind: 'received',
  ...claim(tier),
  reference: 'K7QM-4XD9',
  receivedOn: '2025-06-28',
});
const COMPLAINT_URL = `${SITE}/reklamacja`;
const verdict = (tier: TierId, outcome: 'accepted' | 'rejected'): MailFacts => ({
  kind: 'verdict',
  ...claim(tier),
  reference: 'K7QM-4XD9',
  outcome,
  ...(outcome === 'rejected' ? { reason: 'Zdjęcie kuponu jest nieczytelne.', url: COMPLAINT_URL } : {}),
});
const shipped = (tier: TierId): MailFacts => ({
  kind: 'shipped',
  ...claim(tier),
  reference: 'K7QM-4XD9',
  carrier: 'InPost',
  tracking: '620000111222333',
  shippedOn: '2026-01-12',
});

const INVITATION_URL = `${SITE}/panel/zaproszenie#hXk2Jq9bQm4Zt7Lw8Pn3Rs6Uv-abcdef`;
const RECOVERY_URL = `${SITE}/panel/odzyskiwanie#hXk2Jq9bQm4Zt7Lw8Pn3Rs6Uv-abcdef`;
const invitation: MailFacts = { kind: 'invitation', url: INVITATION_URL, roles: ['approver', 'reviewer'] };
const recovery: MailFacts = { kind: 'staff-recovery', url: RECOVERY_URL, roles: ['admin'] };
// 08:05 UTC is 10:05 in Warsaw in July (summer time).
const passkeyAdded: MailFacts = { kind: 'passkey-changed', change: 'added', at: '2026-07-10T08:05:30.000Z' };
const passkeyRemoved: MailFacts = { ...passkeyAdded, change: 'removed' };

/** The plain text as read: lines joined, so a phrase broken across lines is still found. */
const read = (text: string) => text.replace(/\s+/g, ' ');
/** The HTML part's visible text, roughly as a client shows it. */
const shown = (html: string) =>
  read(
    html
      .replace(/<head>[\s\S]*<\/head>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replaceAll('\u00a0', ' ')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );

describe('the link', () => {
  it('a hash tier: the personal link in both parts, the URL on its own line, the deadline in Polish words', () => {
    const mail = composeMail(link('I', HASH_URL));
    expect(mail.subject).toBe(
      'Wygrana w loterii „Wakacyjna Loteria”: wyślij oświadczenie do 1 lipca 2025 r.',
    );
    expect(mail.text.split('\n')).toContain(HASH_URL);
    expect(read(mail.text)).toContain('Nagroda I stopnia: Samochód osobowy');
    expect(read(mail.text)).toContain('Ostatni dzień na wysłanie oświadczenia: 1 lipca 2025 r.');
    expect(read(mail.text)).toContain('Twój kod A1B2C3D4E5F został wylosowany');
    expect(read(mail.text)).toContain('pod swoim osobistym linkiem');
    expect(read(mail.text)).not.toMatch(CONTACT_INSTRUCTION);
    // A real link with descriptive text, and the address written out for a client that shows no links.
    const anchor = mail.html.match(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/)!;
    expect([anchor[1], anchor[2]]).toEqual([HASH_URL, 'Wypełnij oświadczenie laureata']);
    expect(shown(mail.html)).toContain(`w pasku adresu przeglądarki: ${HASH_URL}`);
    expect(shown(mail.html)).toContain('Ostatni dzień na wysłanie oświadczenia: 1 lipca 2025 r.');
  });

  it.each(['III', 'VI'] as const)(
    'tier %s: the statement page, and the instruction to give the registered e-mail or phone',
    (tier) => {
      const mail = composeMail(link(tier, CODE_URL));
      for (const part of [read(mail.text), shown(mail.html)]) {
        expect(part).toMatch(CONTACT_INSTRUCTION);
        expect(part).toContain('W formularzu wpisz kod A1B2C3D4E5F');
        expect(part).toContain(CODE_URL);
        expect(part).not.toContain('osobistym linkiem');
      }
      expect(mail.text.split('\n')).toContain(CODE_URL);
      expect(mail.html).toContain(`<a href="${CODE_URL}"`);
    },
  );

  it('names a tier by its degree, and WinTo! by its name; keeps an amount on one line in HTML', () => {
    expect(read(composeMail(link('III', CODE_URL)).text)).toContain('Nagroda III stopnia: Smartfon');
    const winto = composeMail(link('WINTO', HASH_URL));
    expect(read(winto.text)).toContain('Nagroda WinTo!: 7 000 zł');
    expect(winto.html).toContain('Nagroda WinTo!: 7\u00a0000\u00a0zł');
    expect(winto.text).not.toContain('\u00a0');
  });

  it('to a reserve entry, says the prize passed to them, not that they won first', () => {
    const reserve = composeMail({ ...link('WINTO', HASH_URL), reserve: true } as MailFacts);
    const first = composeMail(link('WINTO', HASH_URL));
    expect(reserve.subject).not.toBe(first.subject);
    expect(reserve.subject).toContain('przechodzi na Ciebie');
    expect(read(reserve.text)).toContain('wylosowany jako rezerwowy');
    expect(read(reserve.text)).not.toContain(mailJson.link.heading);
    // The rest is the link mail's own: the prize, the deadline, the personal link.
    expect(read(reserve.text)).toContain('Nagroda WinTo!: 7 000 zł');
    expect(reserve.text).toContain(HASH_URL);
  });
});

describe('the reminders', () => {
  it('repeat the deadline and the link, and say a statement sent by post needs nothing more', () => {
    const mail = composeMail(reminder('IV', false));
    expect(mail.subject).toBe('Przypomnienie: wyślij oświadczenie laureata do 1 lipca 2025 r.');
    expect(mail.text.split('\n')).toContain(HASH_URL);
    expect(mail.html).toContain(`<a href="${HASH_URL}"`);
    for (const part of [read(mail.text), shown(mail.html)]) {
      expect(part).toContain('nie otrzymaliśmy jeszcze Twojego oświadczenia');
      expect(part).toContain('1 lipca 2025 r.');
      expect(part).toContain('Jeśli oświadczenie wysłałeś(-aś) już pocztą, nie musisz nic robić.');
      expect(part).not.toMatch(/Dziś/);
    }
  });

  it('the last day’s says today is the last day, in the subject and the text', () => {
    const mail = composeMail(reminder('VI', true));
    expect(mail.subject).toBe('Dziś ostatni dzień na wysłanie oświadczenia laureata');
    for (const part of [read(mail.text), shown(mail.html)]) {
      expect(part).toContain('Dziś mija termin wysłania oświadczenia');
      expect(part).toContain('Dziś, 1 lipca 2025 r., jest ostatni dzień na jego wysłanie');
      expect(part).toMatch(CONTACT_INSTRUCTION);
      expect(part).toContain(CODE_URL);
    }
  });
});

describe('received', () => {
  it('gives the reference, the tier, the day it arrived and what happens next, and no link', () => {
    const mail = composeMail(received('II'));
    expect(mail.subject).toBe('Otrzymaliśmy Twoje oświadczenie (zgłoszenie K7QM-4XD9)');
    for (const part of [read(mail.text), shown(mail.html)]) {
      expect(part).toContain('Numer zgłoszenia: K7QM-4XD9');
      expect(part).toContain('Nagroda II stopnia: Bon wakacyjny o wartości 10 000 zł');
      expect(part).toContain('Data otrzymania: 28 czerwca 2025 r.');
      expect(part).toContain('O wyniku poinformujemy Cię w osobnej wiadomości e-mail.');
    }
    expect(mail.html).not.toContain('<a ');
    expect(mail.text).not.toMatch(/https?:/);
  });

  it('repeats nothing the statement carried, even when a caller passes the statement along', () => {
    for (const statement of validStatements) {
      const { payload } = statement;
      const careless = { ...received(statement.tier), ...payload, kind: 'received' } as MailFacts;
      const mail = composeMail(careless);
      const sent = [
        payload.code,
        payload.name,
        payload.surName,
        payload.email,
        payload.phoneNumber,
        ...['pesel', 'iban', 'identityCardNumber', 'passportNumber', 'birthDate', 'serialNumber', 'hash']
          .map((field) => (payload as Record<string, unknown>)[field])
          .filter((value): value is string => typeof value === 'string'),
        ...Object.values((payload as { address?: Record<string, string> | null }).address ?? {}).filter(
          (value) => value.length > 1,
        ),
      ];
      for (const value of sent) {
        for (const part of [mail.subject, mail.text, mail.html])
          expect(part, statement.name).not.toContain(value);
      }
    }
  });
});

describe('verdict', () => {
  it('a rejection leads to the complaint form, its address in both parts (docs/api.md "Complaints")', () => {
    const mail = composeMail(verdict('II', 'rejected'));
    expect(mail.text.split('\n')).toContain(COMPLAINT_URL);
    expect(mail.html).toContain(`<a href="${COMPLAINT_URL}"`);
    expect(shown(mail.html)).toContain(mailJson.verdict.complaintLink);
  });

  it('an acceptance, or a rejection queued before the form existed, has no link', () => {
    const { url: _url, ...withoutLink } = verdict('II', 'rejected') as Extract<
      MailFacts,
      { kind: 'verdict' }
    >;
    for (const facts of [verdict('II', 'accepted'), withoutLink]) {
      const mail = composeMail(facts);
      expect(mail.html).not.toContain('<a ');
      expect(mail.text).not.toMatch(/https?:/);
    }
  });
});

describe('staff mail (docs/decisions/staff.md#people-and-roles)', () => {
  it('an invitation: the roles by name, the one-time link in both parts, the panel’s own footer', () => {
    const mail = composeMail(invitation);
    expect(mail.subject).toBe('Zaproszenie do panelu obsługi loterii „Wakacyjna Loteria”');
    expect(mail.text.split('\n')).toContain(INVITATION_URL);
    expect(mail.html).toContain(`<a href="${INVITATION_URL}"`);
    for (const part of [read(mail.text), shown(mail.html)]) {
      expect(part).toContain('Twoje role: Zatwierdzanie oświadczeń, Weryfikacja oświadczeń.');
      expect(part).toContain('Link działa jeden raz, przez 24 godziny');
      expect(part).toContain('Wiadomość z panelu obsługi loterii „Wakacyjna Loteria”');
      // Not the winners' footer: staff do not ask the lottery's hotline.
      expect(part).not.toContain('Masz pytania?');
    }
  });

  it('a recovery link: the old passkeys and sessions ended, the roles kept, the link', () => {
    const mail = composeMail(recovery);
    expect(mail.subject).toBe('Nowy klucz dostępu do panelu obsługi loterii „Wakacyjna Loteria”');
    expect(mail.text.split('\n')).toContain(RECOVERY_URL);
    for (const part of [read(mail.text), shown(mail.html)]) {
      expect(part).toContain('Twoje dotychczasowe klucze dostępu przestały działać');
      expect(part).toContain('Twoje role się nie zmieniły: Administrator.');
      expect(part).toContain('od razu powiedz o tym innemu administratorowi');
    }
  });
});

describe('passkey-change notice (docs/decisions/staff.md#passkey-notice)', () => {
  it('says a passkey was added, when on Warsaw’s clock, and what to do if it was not them', () => {
    const mail = composeMail(passkeyAdded);
    expect(mail.subject).toBe('Dodano klucz dostępu do Twojego konta w panelu loterii „Wakacyjna Loteria”');
    for (const part of [read(mail.text), shown(mail.html)]) {
      expect(part).toContain('dodano nowy klucz dostępu: 10 lipca 2026 r., o godz. 10:05 (czasu polskiego).');
      expect(part).toContain('Jeśli to Ty, nie musisz nic robić.');
      expect(part).toContain('usuń każdy klucz, którego nie znasz');
      expect(part).toContain('Wiadomość z panelu obsługi loterii „Wakacyjna Loteria”');
      expect(part).not.toContain('Masz pytania?');
    }
    // Nothing to follow: the notice carries no link.
    expect(mail.html).not.toContain('<a ');
  });

  it('says a passkey was removed and the sessions it opened ended', () => {
    const mail = composeMail(passkeyRemoved);
    expect(mail.subject).toBe('Usunięto klucz dostępu z Twojego konta w panelu loterii „Wakacyjna Loteria”');
    expect(read(mail.text)).toContain(
      'usunięto klucz dostępu: 10 lipca 2026 r., o godz. 10:05 (czasu polskiego). Sesje otwarte tym kluczem zakończyły się.',
    );
  });
});

// docs/decisions/complaints.md#mail: a complaint's confirmation and its answers (a late one says so).
const complaintMails: Array<[string, MailFacts]> = [
  ['complaint received', { kind: 'complaint-received', reference: 'K7QM-4XD9', deadline: '2026-03-04' }],
  ...(['upheld', 'rejected'] as const).map((decision): [string, MailFacts] => [
    `complaint ${decision}`,
    {
      kind: 'complaint-answer',
      reference: 'K7QM-4XD9',
      receivedOn: '2026-02-16',
      decision,
      reason: 'Błąd, który opisałeś(-aś), został naprawiony.',
      late: decision === 'rejected',
    },
  ]),
];

describe('shipped (docs/decisions/prize-issue.md#shipped-mail)', () => {
  it('names the parcel: its carrier, its number and the day it was sent, with the reference', () => {
    const mail = composeMail(shipped('III'));
    expect(mail.subject).toBe('Twoja nagroda jest w drodze (zgłoszenie K7QM-4XD9)');
    for (const part of [read(mail.text), shown(mail.html)]) {
      expect(part).toContain('została nadana 12 stycznia 2026 r.');
      expect(part).toContain('Przewoźnik: InPost');
      expect(part).toContain('Numer przesyłki: 620000111222333');
      expect(part).toContain('Numer zgłoszenia: K7QM-4XD9');
    }
  });
});

describe('every message', () => {
  const toWinners: Array<[string, MailFacts]> = prizes.tiers
    .flatMap((tier) => {
      const url = tier.claimBy === 'code' ? `${SITE}${tier.path}` : `${SITE}${tier.path}?hash=abc`;
      return [
        [`link ${tier.id}`, link(tier.id, url)],
        [`reserve's link ${tier.id}`, { ...link(tier.id, url), reserve: true }],
        [`reminder ${tier.id}`, reminder(tier.id, false)],
        [`last-day reminder ${tier.id}`, reminder(tier.id, true)],
        [`received ${tier.id}`, received(tier.id)],
        [`acceptance ${tier.id}`, verdict(tier.id, 'accepted')],
        [`rejection ${tier.id}`, verdict(tier.id, 'rejected')],
        [`shipped ${tier.id}`, shipped(tier.id)],
      ] as Array<[string, MailFacts]>;
    })
    .concat(complaintMails);
  const all: Array<[string, MailFacts]> = [
    ...toWinners,
    ['invitation', invitation],
    ['staff recovery', recovery],
    ['passkey added', passkeyAdded],
    ['passkey removed', passkeyRemoved],
  ];
  const composed: Array<[string, ComposedMail]> = all.map(([name, facts]) => [name, composeMail(facts)]);
  const composedToWinners = composed.slice(0, toWinners.length);

  it.each(composed)('%s: every placeholder filled, none left in braces', (_, mail) => {
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\w*\}/);
  });

  it('uses every text of mail.json', () => {
    const everything = composed
      .flatMap(([, mail]) => [mail.subject, read(mail.text), shown(mail.html)])
      .join(' ');
    const leaves = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Object.values(value as object).flatMap(leaves);
    for (const text of leaves(mailJson)) {
      // The longest stretch written as is, between placeholders.
      const fixed = text.split(/\{\w+\}/).sort((a, b) => b.length - a.length)[0]!;
      expect(everything.includes(fixed), text).toBe(true);
    }
  });

  it.each(composed)('%s: plain-text lines of at most 78 characters, but for a URL', (_, mail) => {
    for (const line of mail.text.split('\n')) {
      if (!line.startsWith('https://')) expect(line.length, line).toBeLessThanOrEqual(78);
    }
  });

  it.each(composed)('%s: a complete Polish document that loads nothing', (_, mail) => {
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="pl">\n<head>\n<meta charset="utf-8">/);
    expect(mail.html).toMatch(/<\/body>\n<\/html>\n$/);
    expect(mail.html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(mail.html).toContain(`<title>${mail.subject}</title>`);
    expect(mail.html).not.toMatch(/<img|<link|<script|<style|<iframe|src=|url\(|@import/i);
    // The only address in an attribute is the statement link (or the staff member's one-time link).
    for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\/www\./);
  });

  it.each(composedToWinners)('%s: the footer names the organiser and where to ask', (_, mail) => {
    expect(read(mail.text)).toContain('-- Masz pytania? Napisz na adres kontakt@wakacyjna-loteria.pl');
    expect(read(mail.text)).toContain('Organizator loterii „Wakacyjna Loteria”: Krajowy Operator Gier S.A.');
  });
});

describe('hostile values', () => {
  it('are escaped in the HTML part, in text and in the link', () => {
    const code = '<script>alert("x")</script>&';
    const url = `${SITE}/oswiadczenie-i-stopnia?hash="><img src=x onerror=alert(1)>`;
    const mail = composeMail({ ...link('I', url), code } as MailFacts);
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;');
    expect(mail.html).toContain(
      `<a href="${SITE}/oswiadczenie-i-stopnia?hash=&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"`,
    );
    const reference = composeMail({
      ...received('I'),
      reference: '</p><a href="https://zly.example">',
    } as MailFacts);
    expect(reference.html).not.toContain('zly.example">');
    expect(reference.html).toContain('&lt;/p&gt;&lt;a href=&quot;https://zly.example&quot;&gt;');
  });

  it('a link that is not a web address, or a date not written YYYY-MM-DD, is refused', () => {
    expect(() => composeMail(link('I', 'javascript:alert(1)'))).toThrow(/http\(s\)/);
    expect(() => composeMail(link('I', '/oswiadczenie-i-stopnia?hash=abc'))).toThrow(/http\(s\)/);
    expect(() => composeMail({ ...link('I', HASH_URL), deadline: '1.07.2025' } as MailFacts)).toThrow(
      /deadline must be a date 'YYYY-MM-DD'/,
    );
    expect(() => composeMail({ ...received('I'), receivedOn: '2025-02-30' } as MailFacts)).toThrow(
      /receivedOn must be a date 'YYYY-MM-DD', got '2025-02-30'/,
    );
  });
});

describe('the notices (a statement received, a parcel sent, a complaint received)', () => {
  // One builder writes the three (compose.ts `noticeMessage`); the file holds each message, both parts, as
  // it was written before they shared it: their texts and layout unchanged, byte for byte.
  it('are written as before, both parts', async () => {
    const notices = [received('III'), shipped('III'), complaintMails[0]![1]].map(composeMail);
    await expect(
      notices.map(({ subject, text, html }) => [subject, text, html].join('\n\n')).join('\n\n----\n\n'),
    ).toMatchFileSnapshot('./compose-notices.snapshot.txt');
  });
});
