import { describe, expect, it } from 'vitest';
import { contentFiles, validateContent, type Content } from '#shared/content-validation.ts';

// Editors change faq.json and rules.json: what would silently break on the page is told with its place.
const withFaq = (edit: (faq: Content['faq']) => void) => {
  const faq = structuredClone(contentFiles.faq);
  edit(faq);
  return validateContent({ ...contentFiles, faq });
};

describe('placeholders in content texts', () => {
  it('a misspelt or unknown {name} is told with its file and key, instead of being shown as written', () => {
    const texts = structuredClone(contentFiles.texts);
    texts.dates.long = '{dat} r.';
    const statement = structuredClone(contentFiles.statement);
    statement.attachment = 'Załącznik {zwyciezcy}';
    expect(validateContent({ ...contentFiles, texts, statement })).toEqual([
      'src/content/texts.json: /dates/long — nieznana nazwa w klamrach „{dat}” — czy chodziło o „{date}”?',
      'src/content/statement.json: /attachment — nieznana nazwa w klamrach „{zwyciezcy}” — wpisz jedną z nazw wymienionych w src/content/README.md albo napisz tekst bez nawiasów klamrowych',
    ]);
  });

  it('a campaign fact, a link and a placeholder filled on the page are known', () => {
    const rules = structuredClone(contentFiles.rules);
    rules.note = '{keepCodesUntil} {rulesPdf} {code}';
    rules.noteBold = [];
    expect(validateContent({ ...contentFiles, rules })).toEqual([]);
  });
});

describe('FAQ and rules content', () => {
  it('today are valid', () => {
    expect(validateContent(contentFiles)).toEqual([]);
  });

  it('a link or bold phrase no longer in its answer, a repeated id, a missing nested point, a short row', () => {
    const problems = withFaq((faq) => {
      const first = faq.groups[0]!.items[0]!;
      const second = faq.groups[0]!.items[1]!;
      first.boldedContent = ['fraza, której nie ma'];
      first.links = [{ value: 'link, którego nie ma', href: '#faq' }];
      second.id = first.id;
      const nested = faq.groups.flatMap((group) => group.items).find((item) => item.nestedList)!;
      nested.nestedList![0]!.listItemIndex = 99;
      const table = faq.groups.flatMap((group) => group.items).find((item) => item.table?.rows)!;
      table.table!.rows![0] = ['jedna komórka'];
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^src\/content\/faq\.json: \/groups\/0\/items\/0\/links\/0\/value — tekst linku „link, którego nie ma” nie występuje w tekście odpowiedzi/,
      ),
      expect.stringMatching(
        /^src\/content\/faq\.json: \/groups\/0\/items\/0\/boldedContent\/0 — wyróżnienie „fraza, której nie ma” nie występuje/,
      ),
      `src/content/faq.json: /groups/0/items/1/id — identyfikator „${contentFiles.faq.groups[0]!.items[0]!.id}” już jest w FAQ`,
      expect.stringMatching(
        /\/nestedList\/0\/listItemIndex — lista „list” nie ma punktu nr 99 \(liczone od 0\)$/,
      ),
      expect.stringMatching(/\/table\/rows\/0 — wiersz ma 1 komórek, a tabela \d+ kolumn$/),
    ]);
  });

  it('an answer without the parts its kind shows, and a misspelt key, by their place', () => {
    expect(
      withFaq((faq) => {
        const item = faq.groups[1]!.items[0]!;
        item.type = 'list';
        delete item.list;
        Object.assign(item, { tytul: 'literówka' });
      }),
    ).toEqual(['src/content/faq.json: /groups/1/items/0/tytul — nieznane pole „tytul” w „items”']);
    expect(
      withFaq((faq) => {
        const item = faq.groups[1]!.items[0]!;
        item.type = 'list';
        delete item.list;
      }),
    ).toEqual([
      'src/content/faq.json: /groups/1/items/0/list — odpowiedź typu „list” potrzebuje listy „list”',
    ]);
  });

  it('a rules highlight no longer in the note; a list without steps', () => {
    const rules = structuredClone(contentFiles.rules);
    rules.noteBold = [...rules.noteBold, 'nieistniejąca fraza'];
    expect(validateContent({ ...contentFiles, rules })).toEqual([
      `src/content/rules.json: /noteBold/${rules.noteBold.length - 1} — wyróżnienie „nieistniejąca fraza” nie występuje w „note”: wpisz je dokładnie tak, jak w tekście`,
    ]);
    rules.noteBold.pop();
    rules.lists[0]!.steps = [];
    expect(validateContent({ ...contentFiles, rules })).toEqual([
      expect.stringMatching(/^src\/content\/rules\.json: \/lists\/0\/steps — /),
    ]);
  });
});

// mail.json goes to winners' inboxes: a name its message does not fill would be read there as written.
describe('mail.json', () => {
  const withMail = (edit: (mail: Content['mail']) => void) => {
    const mail = structuredClone(contentFiles.mail);
    edit(mail);
    return validateContent({ ...contentFiles, mail });
  };
  const CLAIM_NAMES = '{code}, {prize}, {tier}, {deadline}, {link}';

  it('today is valid', () => {
    expect(withMail(() => {})).toEqual([]);
  });

  it('a deadline written in Polish, {termin}, is told with the file, the place and the names that text may use', () => {
    expect(
      withMail((mail) => {
        mail.reminder.final.intro = 'Dziś, {termin}, mija termin wysłania oświadczenia.';
      }),
    ).toEqual([
      `src/content/mail.json: /reminder/final/intro — nieznana nazwa w klamrach „{termin}” — w tym tekście możesz wpisać ${CLAIM_NAMES} oraz nazwy faktów kampanii wymienione w src/content/README.md`,
    ]);
  });

  it('a misspelt name is guessed; a campaign fact may be named anywhere', () => {
    expect(
      withMail((mail) => {
        mail.link.details[1] = 'Ostatni dzień: {deadlin}';
        mail.footer.push('Regulamin: {rulesPdf}');
      }),
    ).toEqual([
      'src/content/mail.json: /link/details/1 — nieznana nazwa w klamrach „{deadlin}” — czy chodziło o „{deadline}”?',
    ]);
  });

  it('a name of another message is refused: the reference is not known before the statement, the code is not repeated after it', () => {
    expect(
      withMail((mail) => {
        mail.link.intro = 'Numer zgłoszenia: {reference}';
        mail.received.next = 'Dziękujemy za kod {code}.';
        mail.footer[0] = 'Termin: {deadline}';
      }),
    ).toEqual([
      `src/content/mail.json: /link/intro — nieznana nazwa w klamrach „{reference}” — ta nazwa należy do innej wiadomości: w tym tekście możesz wpisać ${CLAIM_NAMES} oraz nazwy faktów kampanii wymienione w src/content/README.md`,
      'src/content/mail.json: /received/next — nieznana nazwa w klamrach „{code}” — ta nazwa należy do innej wiadomości: w tym tekście możesz wpisać {reference}, {tier}, {prize}, {receivedOn} oraz nazwy faktów kampanii wymienione w src/content/README.md',
      'src/content/mail.json: /footer/0 — nieznana nazwa w klamrach „{deadline}” — ta nazwa należy do innej wiadomości: w tym tekście możesz wpisać tylko nazwy faktów kampanii wymienione w src/content/README.md',
    ]);
  });

  it('a missing or emptied text and a misspelt key, by their place', () => {
    expect(
      withMail((mail) => {
        delete (mail.reminder as Partial<typeof mail.reminder>).sentByPost;
        mail.claim.byCode.linkText = '';
        Object.assign(mail.received, { temat: 'literówka' });
      }),
    ).toEqual([
      'src/content/mail.json: /reminder/sentByPost — brakuje pola „sentByPost”',
      'src/content/mail.json: /claim/byCode/linkText — nie może być puste',
      expect.stringMatching(
        /^src\/content\/mail\.json: \/received\/temat — nieznane pole „temat” w „received”/,
      ),
    ]);
  });
});

// review.json's reasons are stored by key with each rejection, and read by winners as sentences.
describe('review.json', () => {
  const withReview = (edit: (review: Content['review']) => void) => {
    const review = structuredClone(contentFiles.review);
    edit(review);
    return validateContent({ ...contentFiles, review });
  };

  it('today is valid', () => {
    expect(withReview(() => {})).toEqual([]);
  });

  it('a reason copied without a new key is told with the file and both places', () => {
    expect(
      withReview((review) => {
        review.reasons.push({ ...review.reasons[0]!, label: 'Inny powód' });
      }),
    ).toEqual([
      `src/content/review.json: /reasons/${contentFiles.review.reasons.length}/key — klucz „missing-documents” ma już powód /reasons/0`,
    ]);
  });

  it('a reason for a look at the data copied without a new key is told too, and one without a label refused', () => {
    expect(
      withReview((review) => {
        review.revealReasons.push({ ...review.revealReasons[0]!, label: 'Inna potrzeba' });
      }),
    ).toEqual([
      `src/content/review.json: /revealReasons/${contentFiles.review.revealReasons.length}/key — klucz „identity” ma już powód /revealReasons/0`,
    ]);
    expect(
      withReview((review) => {
        review.revealReasons[1]!.label = '';
      }),
    ).toEqual([expect.stringMatching(/^src\/content\/review\.json: \/revealReasons\/1\/label — /)]);
  });

  it('a reason without the sentence the winner reads is refused', () => {
    expect(
      withReview((review) => {
        review.reasons[1]!.sentence = '';
      }),
    ).toEqual([expect.stringMatching(/^src\/content\/review\.json: \/reasons\/1\/sentence — /)]);
  });
});
