import { describe, expect, it } from 'vitest';
import mailJson from '#content/mail.json';
import statementJson from '#content/statement.json';
import { longPolishDate, polishDaySpan } from '#shared/content/polish-dates.ts';
import { fill, placeholderNames, RUNTIME_PLACEHOLDERS } from '#shared/content/template.ts';
import { campaignFacts, faq, rules, texts, withFacts } from '#shared/content/texts.ts';
import { faqGroups } from '#client/features/faq/faq-content.ts';
import { campaign, draws } from '#shared/campaign.ts';

const placeholders = (content: unknown) => placeholderNames(JSON.stringify(content));

describe('campaign facts in content texts', () => {
  it('writes dates in words, as Polish texts do', () => {
    expect(longPolishDate('2025-10-10')).toBe('10 października 2025 r.');
    expect(longPolishDate('2025-06-25T06:30:00')).toBe('25 czerwca 2025 r.');
    expect(longPolishDate('2025-03-30')).toBe('30 marca 2025 r.');
    expect(polishDaySpan('2025-07-05', '2025-07-14')).toBe('od 5 do 14 lipca');
    expect(polishDaySpan('2025-06-25', '2025-07-04')).toBe('od 25 czerwca do 4 lipca');
    expect(polishDaySpan('2025-10-26T00:00:00', '2025-11-01T23:59:59')).toBe(
      'od 26 października do 1 listopada',
    );
    // Clock times as the texts print them: '6:30', not '06:30:00'.
    expect(campaignFacts.salesStartTime).toMatch(/^[1-9]?\d:\d{2}$/);
  });

  it('ends a sentence after a date in "r." with one full stop, on the page and in the mail', () => {
    expect(fill('Najpóźniej {date}.', { date: '10 grudnia 2025 r.' })).toBe('Najpóźniej 10 grudnia 2025 r.');
    expect(fill('Do {date}, potem nie.', { date: '10 grudnia 2025 r.' })).toBe(
      'Do 10 grudnia 2025 r., potem nie.',
    );
    const filled = JSON.stringify([withFacts(statementJson), withFacts(mailJson)]);
    expect(filled).toContain(`najpóźniej ${campaignFacts.prizesIssuedBy}`);
    expect(filled).not.toMatch(/r\.\./);
  });

  it('leaves no campaign-fact placeholder unfilled in any content file', () => {
    for (const content of [texts, rules, faq, withFacts(statementJson)]) {
      expect(placeholders(content).filter((name) => !RUNTIME_PLACEHOLDERS.includes(name!))).toEqual([]);
    }
  });

  it('takes each fact from campaign.json, bold phrases included', () => {
    const keepCodesUntil = longPolishDate(campaign.keepCodesUntil);
    expect(campaignFacts.keepCodesUntil).toBe(keepCodesUntil);
    expect(rules.note).toContain(`${campaign.statementDeadlineDays} dni kalendarzowych`);
    // spec §9: the car's registration formalities, the number the server counts registrationBy with.
    expect(JSON.stringify(faq)).toContain(
      `rejestracją samochodu trwają do ${campaign.carRegistrationWorkingDays} dni roboczych`,
    );
    expect(rules.noteBold).toContain(`do ${keepCodesUntil}`);
    expect(rules.note).toContain(`do ${keepCodesUntil}`);
    expect(texts.footer.salesPeriod).toContain(
      `od ${longPolishDate(campaign.sales.start)} od godz. ${campaignFacts.salesStartTime}`,
    );
    // A fact is filled, what the visitor did is left for the page.
    expect(withFacts('{keepCodesUntil} {code}')).toBe(`${keepCodesUntil} {code}`);
  });

  it('keeps an amount on one line: no-break spaces in thousands and before zł', () => {
    expect(withFacts('wynosi 4 088 zł, a 79 889 zł to 10 000 zł więcej; 2025 r.')).toBe(
      'wynosi 4\u00a0088\u00a0zł, a 79\u00a0889\u00a0zł to 10\u00a0000\u00a0zł więcej; 2025 r.',
    );
  });
});

describe('FAQ draw table', () => {
  it('lists the draws of draws.json by their order, with dates and windows in words (spec §9)', () => {
    const item = faqGroups
      .flatMap((group) => group.items)
      .find((candidate) => candidate.id === 'terminy-losowan')!;
    expect(item.table!.rows).toEqual(
      [...draws]
        .sort((a, b) => a.order - b.order)
        .map((draw) => [draw.title, longPolishDate(draw.date), polishDaySpan(draw.startDate, draw.endDate)]),
    );
  });
});
