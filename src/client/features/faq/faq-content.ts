import { faq } from '../../lib/content';

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

// The texts come with their campaign-fact placeholders filled (lib/content).
export const faqGroups: FaqGroup[] = faq.groups as FaqGroup[];
