// npm run schemas:diff [-- <revision>] tells, for a pull request, how the forms in schemas/ changed since
// a commit (HEAD unless given): one line per changed tier, in the same words as the studio's 'Zmiany'.
// Exit 1, with a Polish sentence and never a stack trace, outside git or when a file cannot be read.
import path from 'node:path';
import { JsonFileError, readJsonFile } from '#tooling/json-file.ts';
import type { SharedDefinitions } from '#shared/statement/tier-forms.ts';
import { summaryLine } from '#studio/changes.ts';
import { fileAtRevision, resolveCommit } from '#studio/server/git.ts';

const root = process.cwd();
const requested = process.argv[2];

function fail(problems: string[]): never {
  console.error(problems.join('\n'));
  process.exit(1);
}

/** A JSON file of the script's own checkout, read before anything imports it: its mistake told in Polish. */
function checkContent(file: string): string[] {
  try {
    readJsonFile(path.join(import.meta.dirname, '..', file), file);
    return [];
  } catch (error) {
    if (!(error instanceof JsonFileError)) throw error;
    return [error.message];
  }
}

const contentProblems = ['campaign.json', 'draws.json', 'prizes.json'].flatMap((name) =>
  checkContent(`src/content/${name}`),
);
if (contentProblems.length > 0) fail(contentProblems);
const { formChanges } = await import('#studio/server/form-changes.ts');

const NOT_GIT = 'To nie jest repozytorium git — nie ma z czym porównać formularzy.';
const commit = await resolveCommit(root, requested ?? 'HEAD');
if (!commit.ok) fail([NOT_GIT]);
if (commit.value === null && requested !== undefined) {
  fail([`Git nie zna wersji „${requested}” — podaj np. HEAD, origin/main albo skrót zatwierdzenia.`]);
}
const since = requested === undefined ? 'ostatniego zatwierdzenia' : requested;

/** A shared file of schemas/, parsed: its syntax error told in Polish. */
function parsed(file: string): unknown {
  try {
    return readJsonFile(path.join(root, file), file);
  } catch (error) {
    if (!(error instanceof JsonFileError)) throw error;
    fail([error.message]);
  }
}

const shared = {
  definitions: parsed('schemas/definitions.json'),
  definitionsUi: parsed('schemas/definitions.ui.json'),
} as SharedDefinitions;

const changes = await formChanges(
  root,
  shared,
  async (file) =>
    commit.value === null ? { ok: true, value: null } : fileAtRevision(root, commit.value, file),
  since,
);
if (!changes.ok) fail([NOT_GIT]);
const problems = changes.value.flatMap((form) => form.problems);
if (problems.length > 0) fail(problems);
const lines = changes.value
  .filter(({ items }) => items.length > 0)
  .map(({ form, items }) => summaryLine(form, items));
console.log(lines.length > 0 ? lines.join('\n') : `Formularze bez zmian od ${since}.`);
