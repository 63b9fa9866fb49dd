import fs from 'node:fs';
import path from 'node:path';
import type { TierFile } from '#shared/statement/tier-forms.ts';
import type { FormId, StudioForm } from '../forms';
import type { StudioSave } from '../studio-api';

// Every save made in the studio, with its changes in Polish and the file it wrote, one JSON line each in a
// file of this checkout that git ignores: 'Historia' shows them before the commits (which come later, and
// in developers' words). Only the studio's server writes it, after a save succeeded.

export const SAVE_LOG = '.studio-saves.jsonl';

/** The log's text; none yet is empty. */
function readLog(root: string): string {
  try {
    return fs.readFileSync(path.join(root, SAVE_LOG), 'utf8');
  } catch {
    return '';
  }
}

/** Adds a save of `form` to the log, on a line of its own even after a write cut short. */
export function recordSave(
  root: string,
  form: StudioForm,
  items: string[],
  file: TierFile,
  date = new Date(),
) {
  // Logged under `tier`, as since the first save: the tiers' lines written before stay readable.
  const entry: StudioSave & { tier: FormId } = { tier: form.id, date: date.toISOString(), items, file };
  const log = readLog(root);
  const start = log === '' || log.endsWith('\n') ? '' : '\n';
  fs.appendFileSync(path.join(root, SAVE_LOG), `${start}${JSON.stringify(entry)}\n`);
}

/** The saves of `form`, newest first; a line that does not parse (a write cut short) is skipped. */
export function readSaves(root: string, form: StudioForm, limit = 50): StudioSave[] {
  return readLog(root)
    .split('\n')
    .flatMap((line) => {
      try {
        const { tier: id, ...save } = JSON.parse(line) as StudioSave & { tier: FormId };
        return id === form.id ? [save] : [];
      } catch {
        return [];
      }
    })
    .reverse()
    .slice(0, limit);
}
