import { sameJson } from '../../shared/json';
import type { TierId } from '../../shared/campaign';
import type { TierFile } from '../../shared/statement/tier-forms';

// Unsaved changes live in the browser's storage, one per tier: a reload, a closed tab or a visit to
// another tier loses nothing; saving or discarding removes them.

const key = (id: TierId) => `studio:draft:${id}`;

export function readDraft(id: TierId): TierFile | undefined {
  try {
    const text = localStorage.getItem(key(id));
    return text ? (JSON.parse(text) as TierFile) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `file` as the tier's unsaved change, or forgets it when it is what the disk holds. */
export function writeDraft(id: TierId, file: TierFile, saved: TierFile | null) {
  if (saved && sameJson(file, saved)) localStorage.removeItem(key(id));
  else localStorage.setItem(key(id), JSON.stringify(file));
}

export const dropDraft = (id: TierId) => localStorage.removeItem(key(id));
