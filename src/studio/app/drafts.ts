import { sameJson } from '#shared/json.ts';
import type { FormId } from '../forms';
import type { TierFile } from '#shared/statement/tier-forms.ts';

// Unsaved changes live in the browser's storage, one per tier of one checkout: a reload, a closed tab or a
// visit to another tier loses nothing; saving or discarding removes them. Each keeps the file it started
// from, so a file saved meanwhile elsewhere (another tab, a colleague, git) is noticed, not overwritten.

export interface Draft {
  /** The file on disk when the change began (null: there was none). */
  base: TierFile | null;
  file: TierFile;
}

let checkout = '';

/** The checkout the studio edits (from its server): drafts of another checkout are not this one's. */
export const setCheckout = (id: string) => {
  checkout = id;
};

const key = (id: FormId) => `studio:${checkout}:draft:${id}`;

export function readDraft(id: FormId): Draft | undefined {
  try {
    const text = localStorage.getItem(key(id));
    const draft = text ? (JSON.parse(text) as Draft) : undefined;
    return draft && 'file' in draft ? draft : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the tier's unsaved change, or forgets it when it is what it started from. */
export function writeDraft(id: FormId, draft: Draft) {
  if (sameJson(draft.file, draft.base)) localStorage.removeItem(key(id));
  else localStorage.setItem(key(id), JSON.stringify(draft));
}

export const dropDraft = (id: FormId) => localStorage.removeItem(key(id));
