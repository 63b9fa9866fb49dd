import path from 'node:path';
import { campaign, prizes, type TierId } from '#shared/campaign.ts';
import { JsonFileError, readJsonFile } from '#tooling/json-file.ts';
import { generatedFiles } from '#tooling/generate.ts';
import { checkSharedFiles, type SharedFiles } from '#tooling/schema-check.ts';
import type { SchemaProblem } from '#tooling/schema-problem.ts';
import { composeTierSchema, type TierFile } from '#shared/statement/tier-forms.ts';
import { KNOWN_WIDGETS } from '#widgets/registry.ts';
import { checkForm } from '../model';
import { COMPLAINT_FORM, formById, type FormId, type StudioForm } from '../forms';

// The schema files of a project root, read, checked and turned into the generated files the same way for
// `npm run schemas:build|check` and the form studio's save, so both agree to the byte. Reads only
// <root>/schemas/; writes nothing.

export type Problems = { ok: false; problems: SchemaProblem[] };

/** A JSON file of schemas/, parsed; a file that cannot be read or parsed is a problem with its place. */
function readSchemaFile(root: string, name: string): { ok: true; file: unknown } | Problems {
  const file = `schemas/${name}`;
  try {
    return { ok: true, file: readJsonFile(path.join(root, file), file) };
  } catch (error) {
    if (!(error instanceof JsonFileError)) throw error;
    const place = error.line === undefined ? undefined : `wiersz ${error.line}, kolumna ${error.column}`;
    // JsonFileError's message is the whole sentence, "<file>, <place>: <problem>."; describeProblem puts
    // the file and the place back in front.
    const message = error.message.slice(`${[file, place].filter(Boolean).join(', ')}: `.length);
    return { ok: false, problems: [{ file, ...(place ? { place } : {}), message }] };
  }
}

/** schemas/definitions.json and schemas/definitions.ui.json, parsed and checked. */
export function readSharedFiles(root: string): { ok: true; shared: SharedFiles } | Problems {
  const definitions = readSchemaFile(root, 'definitions.json');
  const definitionsUi = readSchemaFile(root, 'definitions.ui.json');
  if (!definitions.ok || !definitionsUi.ok) {
    return {
      ok: false,
      problems: [definitions, definitionsUi].flatMap((read) => (read.ok ? [] : read.problems)),
    };
  }
  const problems = checkSharedFiles(definitions.file, definitionsUi.file, KNOWN_WIDGETS);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    shared: { definitions: definitions.file, definitionsUi: definitionsUi.file } as SharedFiles,
  };
}

/** A form's file, parsed (not checked: see checkForm). */
export function readFormFile(root: string, form: StudioForm): { ok: true; file: unknown } | Problems {
  return readSchemaFile(root, path.relative('schemas', form.file));
}

/** A form's file as on disk, or as `replaced` gives it, then checked (with broken shared files, not). */
function readChecked(
  root: string,
  form: StudioForm,
  replaced: ReadonlyMap<FormId, unknown>,
  shared: ReturnType<typeof readSharedFiles>,
  problems: SchemaProblem[],
): TierFile | undefined {
  const read = replaced.has(form.id)
    ? { ok: true as const, file: replaced.get(form.id) }
    : readFormFile(root, form);
  if (!read.ok) problems.push(...read.problems);
  // A form file is checked against the shared files: with broken ones its problems would be their echo.
  else if (shared.ok) problems.push(...checkForm(form, read.file, shared.shared));
  return read.ok ? (read.file as TierFile) : undefined;
}

/**
 * Every schema file of `root` read and checked; the files `replaced` gives take the place of their forms'
 * files on disk (the studio's save checks the whole set as it would be). Reports every problem at once.
 */
export function readProject(
  root: string,
  replaced: ReadonlyMap<FormId, unknown> = new Map(),
): { ok: true; shared: SharedFiles; files: Map<TierId, TierFile>; complaint: TierFile } | Problems {
  const shared = readSharedFiles(root);
  const problems = shared.ok ? [] : [...shared.problems];
  const files = new Map<TierId, TierFile>();
  for (const tier of prizes.tiers) {
    const file = readChecked(root, formById(tier.id)!, replaced, shared, problems);
    if (file) files.set(tier.id, file);
  }
  // The complaint form's file (complaint-fields.ts says what it must hold): its validator is generated with
  // the tiers'.
  const complaint = readChecked(root, COMPLAINT_FORM, replaced, shared, problems);
  if (!shared.ok || !complaint || problems.length > 0) return { ok: false, problems };
  return { ok: true, shared: shared.shared, files, complaint };
}

/** The generated files (path from the root → content) exactly as `npm run schemas:build` writes them. */
export function generatedFor(
  shared: SharedFiles,
  files: ReadonlyMap<TierId, TierFile>,
  complaint: TierFile,
): Map<string, string> {
  return generatedFiles({
    complaint: composeTierSchema('complaint', complaint, shared.definitions, campaign.onlineCodePrefix),
    tiers: prizes.tiers.map((tier) => ({
      tier,
      schema: composeTierSchema(tier.id, files.get(tier.id)!, shared.definitions, campaign.onlineCodePrefix),
    })),
    definitions: shared.definitions,
    knownWidgets: KNOWN_WIDGETS,
  });
}
