import { draws } from '#shared/campaign.ts';
import { faq, longPolishDate, polishDaySpan } from '../../lib/content';

export type FaqItemType = 'standard' | 'list' | 'nestedList' | 'table';

/** spec §3 "FAQ item". */
export interface FaqItem {
  id: string;
  type: FaqItemType;
  title: string;
  content?: string;
  list?: string[];
  links?: { value: string; href: string }[];
  boldedContent?: string[];
  nestedList?: { listItemIndex: number; list: string[]; exitContent?: string }[];
  table?: { headers: string[]; rows: string[][] };
  exitContent?: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

/** In faq.json: a table whose rows are the draws of draws.json ("rowsFrom": "draws"), not written twice. */
interface FaqItemSource extends Omit<FaqItem, 'table'> {
  table?: { headers: string[]; rows?: string[][]; rowsFrom?: 'draws' };
}

// spec §9: number, date and registration window of each draw.
const drawRows = [...draws]
  .sort((a, b) => a.order - b.order)
  .map((draw) => [draw.title, longPolishDate(draw.date), polishDaySpan(draw.startDate, draw.endDate)]);

function resolve({ table, ...item }: FaqItemSource): FaqItem {
  if (!table) return item;
  return {
    ...item,
    table: { headers: table.headers, rows: table.rowsFrom === 'draws' ? drawRows : (table.rows ?? []) },
  };
}

// The texts come with their campaign-fact placeholders filled (lib/content).
export const faqGroups: FaqGroup[] = (
  faq.groups as Array<Omit<FaqGroup, 'items'> & { items: FaqItemSource[] }>
).map((group) => ({ ...group, items: group.items.map(resolve) }));
