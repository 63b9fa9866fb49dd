import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { GENERATED_DIR } from '#tooling/generate.ts';
import type { SchemaProblem } from '#tooling/schema-problem.ts';
import { formById, type FormId, type StudioForm } from '../forms';
import { generatedFor, readProject } from './project';

// The studio's save (docs/decisions/studio.md#form-studio): the form's file and what derives from it, both or
// neither, after the same check as `npm run schemas:check`. It writes only below these folders (never .vscode
// or anything else).
const WRITABLE = ['schemas/', `${GENERATED_DIR}/`];

const NOTHING_CHANGED = 'Nie udało się zapisać plików formularza — nic nie zostało zmienione.';
const NOT_RESTORED =
  'Nie udało się zapisać plików formularza ani przywrócić poprzednich — poproś programistę o sprawdzenie ' +
  'folderu schemas/ (npm run schemas:check).';

/** A save that failed on the disk; `message` is Polish and says whether the files are as they were. */
export class SaveError extends Error {
  override name = 'SaveError';
}

export type SaveResult = { ok: true; written: string[] } | { ok: false; problems: SchemaProblem[] };

/** A form's file's text as Prettier, with the project's configuration, would leave it. */
async function formatFormFile(root: string, form: StudioForm, file: unknown): Promise<string> {
  const filepath = path.join(root, form.file);
  // Indented input keeps every object broken over lines, as the files have them: Prettier keeps a JSON
  // object expanded when its first key starts a new line, and would join short ones from compact input.
  return format(JSON.stringify(file, null, 2), { ...(await resolveConfig(filepath)), filepath });
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Checks `files` as their forms' files among the others on disk and, if nothing is refused, writes them and
 * the generated files that change with them, all or none (a text changed in several tiers at once). Saves
 * run one after another: each reads what the previous wrote. Throws a SaveError when the disk fails.
 */
export function saveForms(root: string, files: ReadonlyMap<FormId, unknown>): Promise<SaveResult> {
  const save = queue.then(() => saveNow(root, files));
  queue = save.catch(() => undefined);
  return save;
}

async function saveNow(root: string, files: ReadonlyMap<FormId, unknown>): Promise<SaveResult> {
  const project = readProject(root, files);
  if (!project.ok) return project;
  const formFiles = await Promise.all(
    [...files].map(async ([id, file]): Promise<[string, string]> => {
      const form = formById(id)!;
      return [form.file, await formatFormFile(root, form, file)];
    }),
  );
  const contents = new Map([
    // The form files first: a failure after them puts them back, one before leaves them untouched.
    ...formFiles,
    ...[...generatedFor(project.shared, project.files, project.complaint)].filter(([relative]) =>
      WRITABLE.some((folder) => relative.startsWith(folder)),
    ),
  ]);
  return { ok: true, written: writeAll(root, contents) };
}

/** The file's content, or undefined when there is none. */
function contentOf(target: string): string | undefined {
  try {
    return fs.readFileSync(target, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes the files whose content differs, all or none: each goes to a temporary file beside its target,
 * then all are renamed into place; on any failure the ones already renamed get their old content back.
 * Returns the paths written.
 */
function writeAll(root: string, contents: Map<string, string>): string[] {
  const changes: Array<{ relative: string; target: string; temp: string; previous: string | undefined }> = [];
  const renamed: typeof changes = [];
  try {
    for (const [relative, content] of contents) {
      const target = path.join(root, relative);
      const previous = contentOf(target);
      if (previous === content) continue;
      const temp = `${target}.${process.pid}.tmp`;
      changes.push({ relative, target, temp, previous });
      fs.writeFileSync(temp, content);
    }
    for (const change of changes) {
      fs.renameSync(change.temp, change.target);
      renamed.push(change);
    }
    return changes.map(({ relative }) => relative);
  } catch (error) {
    let restored = true;
    for (const { target, previous } of renamed) {
      try {
        if (previous === undefined) fs.rmSync(target, { force: true });
        else fs.writeFileSync(target, previous);
      } catch {
        restored = false;
      }
    }
    for (const { temp } of changes) {
      try {
        fs.rmSync(temp, { force: true });
      } catch {
        restored = false;
      }
    }
    throw new SaveError(restored ? NOTHING_CHANGED : NOT_RESTORED, { cause: error });
  }
}
