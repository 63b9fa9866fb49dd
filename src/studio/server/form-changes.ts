import { campaign } from '#shared/campaign.ts';
import { JsonFileError, parseJsonText } from '#tooling/json-file.ts';
import { isObject } from '#shared/json.ts';
import { describeProblem } from '#tooling/schema-problem.ts';
import type { SharedDefinitions, TierFile } from '#shared/statement/tier-forms.ts';
import { describeChanges, type Change } from '../changes';
import type { GitResult } from './git';
import { STUDIO_FORMS, type StudioForm } from '../forms';
import { readFormFile } from './project';

// What the form files of a checkout (the tiers', the complaint's) change since a commit, in words: the studio's 'Zmiany' and
// `npm run schemas:diff` tell the same. A file that cannot be read or compared gives its Polish problems.

export interface FormChanges {
  form: StudioForm;
  items: Change[];
  problems: string[];
}

const isTierFile = (value: unknown): value is TierFile =>
  isObject(value) && isObject(value.schema) && isObject(value.uiSchema);

const notTierFile = (file: string) =>
  `${file}: plik musi mieć części „schema” i „uiSchema” — sprawdź go: npm run schemas:check.`;

/**
 * Each form's changes from its committed text (`committed` reads it from git: null for a file not
 * committed then, a new file) to the file in `root`. `since` names the commit in problems' file names.
 */
export async function formChanges(
  root: string,
  shared: SharedDefinitions,
  committed: (file: string) => Promise<GitResult<string | null>>,
  since: string,
): Promise<GitResult<FormChanges[]>> {
  const changes: FormChanges[] = [];
  for (const form of STUDIO_FORMS) {
    const { file } = form;
    const before = await committed(file);
    if (!before.ok) return before;
    const problems: string[] = [];
    const now = readFormFile(root, form);
    let after: TierFile | undefined;
    if (!now.ok) problems.push(...now.problems.map(describeProblem));
    else if (isTierFile(now.file)) after = now.file;
    else problems.push(notTierFile(file));
    let earlier: TierFile | null = null;
    if (before.value !== null) {
      const shown = `${file} (wersja z ${since})`;
      try {
        const parsed = parseJsonText(before.value, shown);
        if (isTierFile(parsed)) earlier = parsed;
        else problems.push(notTierFile(shown));
      } catch (error) {
        if (!(error instanceof JsonFileError)) throw error;
        problems.push(error.message);
      }
    }
    let items: Change[] = [];
    if (after && problems.length === 0) {
      try {
        items = describeChanges({
          form,
          before: earlier,
          after,
          shared,
          onlinePrefix: campaign.onlineCodePrefix,
        });
      } catch {
        // Composing fails on what schemas:check tells precisely (e.g. a $ref to no definition).
        problems.push(`${file}: nie da się porównać formularza — sprawdź pliki: npm run schemas:check.`);
      }
    }
    changes.push({ form, items, problems });
  }
  return { ok: true, value: changes };
}
