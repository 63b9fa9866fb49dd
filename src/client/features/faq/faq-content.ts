import { draws } from '#shared/campaign.ts';
import type { Faq, FaqItemContent } from '#shared/content-schemas/pages.ts';
import { longPolishDate, polishDaySpan } from '#shared/content/polish-dates.ts';
import { faq } from '#shared/content/texts.ts';

export type FaqItemType = FaqItemContent['type'];

/** spec §3 "FAQ item": as in faq.json (src/shared/content-schemas/pages.ts), its table's rows resolved. */
export type FaqItem = Omit<FaqItemContent, 'table'> & { table?: { headers: string[]; rows: string[][] } };

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

// spec §9: number, date and registration window of each draw.
const drawRows = [...draws]
  .sort((a, b) => a.order - b.order)
  .map((draw) => [draw.title, longPolishDate(draw.date), polishDaySpan(draw.startDate, draw.endDate)]);

function resolve({ table, ...item }: FaqItemContent): FaqItem {
  if (!table) return item;
  return {
    ...item,
    table: { headers: table.headers, rows: table.rowsFrom === 'draws' ? drawRows : (table.rows ?? []) },
  };
}

// The texts come with their campaign-fact placeholders filled (src/shared/content/texts.ts).
export const faqGroups: FaqGroup[] = (faq as Faq).groups.map((group) => ({
  ...group,
  items: group.items.map(resolve),
}));
