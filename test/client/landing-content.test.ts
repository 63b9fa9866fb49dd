import { describe, expect, it } from 'vitest';
import rules from '#content/rules.json';
import { faqGroups, type FaqItem } from '#client/features/faq/faq-content.ts';

// Content editors change these files; a highlight whose phrase no longer occurs would silently vanish.
function texts(item: FaqItem): string[] {
  return [
    item.title,
    item.content ?? '',
    ...(item.list ?? []),
    ...(item.nestedList ?? []).flatMap((nested) => [...nested.list, nested.exitContent ?? '']),
    ...(item.table ? [...item.table.headers, ...item.table.rows.flat()] : []),
    item.exitContent ?? '',
  ];
}

describe('FAQ content (src/content/faq.json)', () => {
  const items = faqGroups.flatMap((group) => group.items.map((item) => ({ group: group.id, item })));

  it('uses every answer kind, with links and bold highlights', () => {
    expect(new Set(items.map(({ item }) => item.type))).toEqual(
      new Set(['standard', 'list', 'nestedList', 'table']),
    );
    expect(items.some(({ item }) => item.links?.length)).toBe(true);
    expect(items.some(({ item }) => item.boldedContent?.length)).toBe(true);
  });

  it('has unique ids and no unfilled {placeholder}', () => {
    const ids = items.map(({ group, item }) => `${group}/${item.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { item } of items) {
      for (const text of [...texts(item), ...(item.links ?? []).map((link) => link.href)]) {
        expect(text, item.id).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it('every link and bold phrase occurs in its answer; nested lists point at an existing item', () => {
    for (const { item } of items) {
      const all = texts(item).join('\n');
      for (const phrase of [...(item.links ?? []).map((link) => link.value), ...(item.boldedContent ?? [])]) {
        expect(all, `${item.id}: "${phrase}"`).toContain(phrase);
      }
      for (const nested of item.nestedList ?? []) {
        expect(item.list?.[nested.listItemIndex], item.id).toBeDefined();
      }
      for (const row of item.table?.rows ?? []) expect(row.length, item.id).toBe(item.table!.headers.length);
      if (item.type !== 'standard' && item.type !== 'table')
        expect(item.list?.length, item.id).toBeGreaterThan(0);
      if (item.type === 'table') expect(item.table?.rows.length, item.id).toBeGreaterThan(0);
    }
  });
});

describe('rules content (src/content/rules.json)', () => {
  it('has the two numbered lists of 4 and 5 steps and highlights that occur in the note', () => {
    expect(rules.lists.map((list) => list.steps.length)).toEqual([4, 5]);
    for (const phrase of rules.noteBold) expect(rules.note).toContain(phrase);
  });
});
