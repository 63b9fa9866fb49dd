import { campaign, tierById, type TierId } from '#shared/campaign.ts';
import definitions from '#schemas/definitions.json';
import definitionsUi from '#schemas/definitions.ui.json';
import { TIER_FILES } from '#shared/statement/generated/tier-files.ts';
import { checkTierFile, type SharedFiles } from '#tooling/schema-check.ts';
import { describeProblem } from '#tooling/schema-problem.ts';
import { KNOWN_WIDGETS } from '#widgets/registry.ts';

// What the schemas:check tests share: the files as they are, the check as the command runs it.

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const shared = { definitions, definitionsUi } as SharedFiles;
export const check = (tierId: TierId, file: unknown = TIER_FILES[tierId], files: SharedFiles = shared) =>
  checkTierFile({
    tier: tierById(tierId)!,
    file,
    shared: files,
    onlinePrefix: campaign.onlineCodePrefix,
    knownWidgets: KNOWN_WIDGETS,
  }).map(describeProblem);

/** The problems of a tier file after `change` (on a copy). */
export const withFile = (tierId: TierId, change: (file: Json) => void) => {
  const file = structuredClone(TIER_FILES[tierId]) as Json;
  change(file);
  return check(tierId, file);
};

// Words of ajv's and JavaScript's English that must never reach an editor.
export const ENGLISH = /\b(must|should|strict mode|schema is invalid|undefined|TypeError|Error:|at \w+ \()/;
