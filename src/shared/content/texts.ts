import faqJson from '#content/faq.json';
import rulesJson from '#content/rules.json';
import textsJson from '#content/texts.json';
import { campaign, prizeFacts } from '../campaign';
import { campaignFactsOf } from './campaign-facts';
import { fill } from './template';

/** The campaign facts of campaign.json and the prizes' amounts of prizes.json, as texts name them. */
export const campaignFacts = { ...campaignFactsOf(campaign), ...prizeFacts };

/**
 * Polish typesetting for amounts: a narrow screen must not break "4 088 zł" into "4" and "088 zł", so
 * thousands and the currency are bound with no-break spaces.
 */
export function bindAmounts(text: string): string {
  return text.replace(/(\d) (?=\d{3}(?!\d))/g, '$1\u00a0').replace(/(\d) zł/g, '$1\u00a0zł');
}

/**
 * The content with every campaign-fact placeholder filled; other placeholders ({code}, {date}) stay. It runs
 * over every text as a page's script starts: a text with no placeholder and no digit before a space is kept
 * as it is, without running its regular expressions, and objects are copied key by key
 * (docs/performance.md#statement-page-start).
 */
export function withFacts<T>(content: T): T {
  if (typeof content === 'string') {
    const filled = content.includes('{') ? fill(content, campaignFacts) : content;
    return (/\d /.test(filled) ? bindAmounts(filled) : filled) as T;
  }
  if (Array.isArray(content)) return content.map(withFacts) as T;
  if (typeof content === 'object' && content !== null) {
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(content))
      result[key] = withFacts((content as Record<string, unknown>)[key]);
    return result as T;
  }
  return content;
}

export const texts = withFacts(textsJson);
export const rules = withFacts(rulesJson);
export const faq = withFacts(faqJson);
