import { describe, expect, it } from 'vitest';
import type { JsonObject } from '#shared/json.ts';
import { TIER_FILES } from '#shared/statement/generated/tier-files.ts';
import type { TierFile } from '#shared/statement/tier-forms.ts';
import { mergeEdits, withMine } from '#studio/merge.ts';

// docs/decisions/studio.md#merge: 'Zachowaj moje zmiany' replays my edits onto the file saved meanwhile.

const base = TIER_FILES.IV;
const changed = (edit: (file: TierFile) => void) => {
  const file = structuredClone(base);
  edit(file);
  return file;
};
const properties = (file: TierFile) => file.schema.properties as Record<string, JsonObject>;
const required = (file: TierFile) => file.schema.required as string[];
const order = (file: TierFile) => file.uiSchema['ui:order'] as string[];

describe('mergeEdits', () => {
  it('keeps both: my label and their required street', () => {
    const mine = changed((file) => (properties(file).address_flat!.title = 'Lokal'));
    const theirs = changed((file) => required(file).push('address_street'));
    const { file, conflicts } = mergeEdits(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(properties(file).address_flat!.title).toBe('Lokal');
    expect(required(file)).toEqual([...required(base), 'address_street']);
  });

  it('replays my additions and removals of a list onto theirs', () => {
    const mine = changed((file) => {
      required(file).push('address_street');
      required(file).splice(required(file).indexOf('phone'), 1);
    });
    const theirs = changed((file) => required(file).push('address_flat'));
    const { file, conflicts } = mergeEdits(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(required(file)).toEqual([
      ...required(base).filter((field) => field !== 'phone'),
      // Mine after the name it follows in my list.
      'address_street',
      'address_flat',
    ]);
  });

  it('the same text changed by both is a conflict: theirs until I choose mine', () => {
    const mine = changed((file) => (properties(file).address_flat!.title = 'Nr lokalu'));
    const theirs = changed((file) => (properties(file).address_flat!.title = 'Mieszkanie'));
    const { file, conflicts } = mergeEdits(base, mine, theirs);
    expect(conflicts).toEqual([
      { path: ['schema', 'properties', 'address_flat', 'title'], mine: 'Nr lokalu', theirs: 'Mieszkanie' },
    ]);
    expect(properties(file).address_flat!.title).toBe('Mieszkanie');
    expect(properties(withMine(file, conflicts)).address_flat!.title).toBe('Nr lokalu');
  });

  it('a reordering of mine against their changed order is a conflict, not a silent loss', () => {
    const mine = changed((file) => order(file).reverse());
    const theirs = changed((file) => order(file).pop());
    expect(mergeEdits(base, mine, theirs).conflicts.map((conflict) => conflict.path)).toEqual([
      ['uiSchema', 'ui:order'],
    ]);
  });
});
