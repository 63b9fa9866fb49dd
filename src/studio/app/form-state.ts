import { sameJson } from '#shared/json.ts';
import type { SharedFiles } from '#tooling/schema-check.ts';
import type { SchemaProblem } from '#tooling/schema-problem.ts';
import type { TierFile } from '#shared/statement/tier-forms.ts';
import { checkForm } from '../model';
import type { StudioForm } from '../forms';
import type { FormState } from '../studio-api';
import { readDraft, type Draft } from './drafts';

/** What the list says of a form: its file as saved, or the unsaved change kept in this browser. */
export type StateWord = 'zgodny' | 'niezapisane zmiany' | 'błędy';

export interface Editing {
  /** The file as the editor has it: the unsaved change, else the file on disk. */
  file: TierFile | null;
  unsaved: boolean;
  /** The file on disk changed since the unsaved change began. */
  stale: boolean;
  problems: SchemaProblem[];
  word: StateWord;
}

export function editingState(
  form: StudioForm,
  saved: FormState,
  shared: SharedFiles,
  draft: Draft | undefined = readDraft(form.id),
): Editing {
  const unsaved = draft !== undefined && !sameJson(draft.file, saved.file);
  const file = unsaved ? draft.file : saved.file;
  const problems = unsaved ? checkForm(form, file, shared) : saved.problems;
  return {
    file,
    unsaved,
    stale: unsaved && !sameJson(draft.base, saved.file),
    problems,
    word: problems.length > 0 ? 'błędy' : unsaved ? 'niezapisane zmiany' : 'zgodny',
  };
}
