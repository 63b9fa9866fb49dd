import { describe, expect, it } from 'vitest';
import statementJson from '#content/statement.json';
import {
  campaignFacts,
  faq,
  longPolishDate,
  polishDaySpan,
  rules,
  texts,
  withFacts,
} from '#client/lib/content.ts';
import { faqGroups } from '#client/features/faq/faq-content.ts';

// Filled where they are shown, from what the visitor did (a code, a chosen day, a tier).
const RUNTIME_PLACEHOLDERS = [
  'code',
  'count',
  'coupon',
  'date',
  'start',
  'end',
  'month',
  'title',
  'tier',
  'number',
  'n',
  'address',
];

const placeholders = (content: unknown) =>
  [...JSON.stringify(content).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

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
    expect(campaignFacts.salesStartTime).toBe('6:30');
    expect(campaignFacts.registrationEndTime).toBe('23:59:59');
  });

  it('leaves no campaign-fact placeholder unfilled in any content file', () => {
    for (const content of [texts, rules, faq, withFacts(statementJson)]) {
      expect(placeholders(content).filter((name) => !RUNTIME_PLACEHOLDERS.includes(name!))).toEqual([]);
    }
  });

  it('takes each fact from campaign.json, bold phrases included', () => {
    expect(rules.note).toContain(`${campaignFacts.statementDeadlineDays} dni kalendarzowych`);
    expect(rules.noteBold).toContain(`do ${campaignFacts.keepCodesUntil}`);
    expect(rules.note).toContain('do 10 października 2025 r.');
    expect(texts.footer.salesPeriod).toBe(
      'Sprzedaż promocyjna trwa od 25 czerwca 2025 r. od godz. 6:30 do 31 sierpnia 2025 r. do godz. 23:54.',
    );
    expect(withFacts('{keepCodesUntil} {code}')).toBe('10 października 2025 r. {code}');
  });

  it('keeps an amount on one line: no-break spaces in thousands and before zł', () => {
    expect(withFacts('wynosi 4 088 zł, a 79 889 zł to 10 000 zł więcej; 2025 r.')).toBe(
      'wynosi 4\u00a0088\u00a0zł, a 79\u00a0889\u00a0zł to 10\u00a0000\u00a0zł więcej; 2025 r.',
    );
  });
});

describe('FAQ draw table', () => {
  it('lists the draws of draws.json with their dates and windows in words (spec §9)', () => {
    const item = faqGroups
      .flatMap((group) => group.items)
      .find((candidate) => candidate.id === 'terminy-losowan')!;
    expect(item.table!.rows).toEqual([
      ['Losowanie 1', '8 lipca 2025 r.', 'od 25 czerwca do 4 lipca'],
      ['Losowanie 2', '16 lipca 2025 r.', 'od 5 do 14 lipca'],
      ['Losowanie 3', '28 lipca 2025 r.', 'od 15 do 24 lipca'],
      ['Losowanie 4', '5 sierpnia 2025 r.', 'od 25 lipca do 3 sierpnia'],
      ['Losowanie 5', '18 sierpnia 2025 r.', 'od 4 do 13 sierpnia'],
      ['Losowanie 6', '26 sierpnia 2025 r.', 'od 14 do 23 sierpnia'],
      ['Losowanie 7', '4 września 2025 r.', 'od 24 sierpnia do 2 września'],
      ['Losowanie dodatkowe', '23 września 2025 r.', 'od 25 czerwca do 2 września'],
    ]);
  });
});
