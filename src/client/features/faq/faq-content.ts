import faqJson from '../../../content/faq.json';
import { campaign } from '../../../shared/campaign';
import { fill } from '../../lib/template';

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

// Content texts may name campaign facts as {placeholders}, so an address or link is written once.
const facts: Record<string, string> = {
  email: campaign.contact.email,
  phone: campaign.contact.phone,
  organiser: campaign.organiser,
  lotteryName: campaign.lotteryName,
  lotteryNameUpper: campaign.lotteryName.toLocaleUpperCase('pl-PL'),
  ...campaign.links,
};

const text = (value: string) => fill(value, facts);

function resolve(item: FaqItem): FaqItem {
  return {
    ...item,
    title: text(item.title),
    content: item.content && text(item.content),
    list: item.list?.map(text),
    links: item.links?.map((link) => ({ value: text(link.value), href: text(link.href) })),
    boldedContent: item.boldedContent?.map(text),
    nestedList: item.nestedList?.map((nested) => ({
      ...nested,
      list: nested.list.map(text),
      exitContent: nested.exitContent && text(nested.exitContent),
    })),
    table: item.table && {
      headers: item.table.headers.map(text),
      rows: item.table.rows.map((row) => row.map(text)),
    },
    exitContent: item.exitContent && text(item.exitContent),
  };
}

export const faqGroups: FaqGroup[] = (faqJson.groups as FaqGroup[]).map((group) => ({
  ...group,
  title: text(group.title),
  items: group.items.map(resolve),
}));
