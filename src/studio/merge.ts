import { isObject, sameJson, type JsonObject } from '#shared/json.ts';
import type { TierFile } from '#shared/statement/tier-forms.ts';

// 'Zachowaj moje zmiany' when the file was saved meanwhile elsewhere: my edits (from the file I began with
// to mine) replayed onto the newer file, part by part. Where we both changed the same part differently,
// the newer file's value stays until I choose. Pure: the page runs it.

/** A part of the file both changed differently: its place, my value and the saved one (undefined: none). */
export interface Conflict {
  path: string[];
  mine: unknown;
  theirs: unknown;
}

export interface Merge {
  /** The newer file with my edits; at each conflict, the newer file's value. */
  file: TierFile;
  conflicts: Conflict[];
}

const plain = (list: unknown[]) => list.every((item) => typeof item !== 'object' || item === null);

/**
 * Two lists of names both changed (required fields, ui:order): my additions and removals replayed onto
 * theirs, an addition after the name it follows in mine. Undefined when I reordered what we both hold.
 */
function mergeList(base: unknown[], mine: unknown[], theirs: unknown[]): unknown[] | undefined {
  if (!plain([...base, ...mine, ...theirs])) return undefined;
  const kept = (list: unknown[], other: unknown[]) => list.filter((item) => other.includes(item));
  if (!sameJson(kept(mine, base), kept(base, mine))) return undefined;
  const merged = theirs.filter((item) => !base.includes(item) || mine.includes(item));
  mine.forEach((item, index) => {
    if (base.includes(item) || merged.includes(item)) return;
    const previous = mine.slice(0, index).findLast((earlier) => merged.includes(earlier));
    merged.splice(previous === undefined ? 0 : merged.indexOf(previous) + 1, 0, item);
  });
  return merged;
}

function mergeValue(base: unknown, mine: unknown, theirs: unknown, path: string[], conflicts: Conflict[]) {
  if (sameJson(mine, base)) return theirs;
  if (sameJson(theirs, base) || sameJson(mine, theirs)) return mine;
  if (isObject(mine) && isObject(theirs) && (isObject(base) || base === undefined)) {
    const from = base ?? {};
    const merged: JsonObject = {};
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const value = mergeValue(from[key], mine[key], theirs[key], [...path, key], conflicts);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs)) {
    const list = mergeList(base, mine, theirs);
    if (list) return list;
  }
  conflicts.push({ path, mine, theirs });
  return theirs;
}

/** My edits (base → mine) replayed onto theirs, the file saved meanwhile. */
export function mergeEdits(base: TierFile, mine: TierFile, theirs: TierFile): Merge {
  const conflicts: Conflict[] = [];
  const file = mergeValue(base, mine, theirs, [], conflicts) as TierFile;
  return { file, conflicts };
}

/** The merged file with my value at the conflicts chosen (the others keep the saved one). */
export function withMine(file: TierFile, chosen: Conflict[]): TierFile {
  const next: TierFile = structuredClone(file);
  for (const { path, mine } of chosen) {
    let node = next as unknown as JsonObject;
    for (const key of path.slice(0, -1))
      node = (node[key] = isObject(node[key]) ? node[key] : {}) as JsonObject;
    if (mine === undefined) delete node[path.at(-1)!];
    else node[path.at(-1)!] = structuredClone(mine);
  }
  return next;
}
