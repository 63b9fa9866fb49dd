import path from 'node:path';
import { campaign, prizes, type Tier, type TierId } from '#shared/campaign.ts';
import { JsonFileError, readJsonFile } from '#tooling/json-file.ts';
import { generatedFiles } from '#tooling/generate.ts';
import { checkSharedFiles, type SharedFiles } from '#tooling/schema-check.ts';
import type { SchemaProblem } from '#tooling/schema-problem.ts';
import { composeTierSchema, type TierFile } from '#shared/statement/tier-forms.ts';
import { COMPLAINT_SCHEMA_FILE } from '#shared/complaint/complaint-fields.ts';
import { KNOWN_WIDGETS } from '#widgets/registry.ts';
import { checkTier } from '../model';

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

/** A tier's file, parsed (not checked: see checkTier). */
export function readTierFile(root: string, tier: Tier): { ok: true; file: unknown } | Problems {
  return readSchemaFile(root, tier.schema);
}

/**
 * Every schema file of `root` read and checked; the files `replaced` gives take the place of their tiers'
 * files on disk (the studio's save checks the whole set as it would be). Reports every problem at once.
 */
export function readProject(
  root: string,
  replaced: ReadonlyMap<TierId, unknown> = new Map(),
): { ok: true; shared: SharedFiles; files: Map<TierId, TierFile>; complaint: TierFile } | Problems {
  const shared = readSharedFiles(root);
  const problems = shared.ok ? [] : [...shared.problems];
  // The complaint form's file (its content is checked by schemas:check, complaint-fields.ts): its validator is
  // generated with the tiers'.
  const complaint = readSchemaFile(root, path.basename(COMPLAINT_SCHEMA_FILE));
  if (!complaint.ok) problems.push(...complaint.problems);
  const files = new Map<TierId, TierFile>();
  for (const tier of prizes.tiers) {
    const read = replaced.has(tier.id)
      ? { ok: true as const, file: replaced.get(tier.id) }
      : readSchemaFile(root, tier.schema);
    if (!read.ok) problems.push(...read.problems);
    // A tier file is checked against the shared files: with broken ones its problems would be their echo.
    else if (shared.ok) problems.push(...checkTier(tier, read.file, shared.shared));
    if (read.ok) files.set(tier.id, read.file as TierFile);
  }
  if (!shared.ok || !complaint.ok || problems.length > 0) return { ok: false, problems };
  return { ok: true, shared: shared.shared, files, complaint: complaint.file as TierFile };
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
