// npm run schemas:diff [-- <revision>] tells, for a pull request, how the tier forms in schemas/ changed since
// a commit (HEAD unless given): one line per changed tier, in the same words as the studio's 'Zmiany'.
// Exit 1, with a Polish sentence and never a stack trace, outside git or when a file cannot be read.
import path from 'node:path';
import { JsonFileError, parseJsonText, readJsonFile } from '../src/shared/json-file';
import { isObject } from '../src/shared/json';
import type { SharedDefinitions, TierFile } from '../src/shared/statement/tier-forms';
import { describeChanges, summaryLine } from '../src/studio/changes';
import { fileAtRevision, resolveCommit } from '../src/studio/server/git';

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
const { campaign, prizes } = await import('../src/shared/campaign');

const commit = await resolveCommit(root, requested ?? 'HEAD');
if (!commit.ok) fail(['To nie jest repozytorium git — nie ma z czym porównać formularzy.']);
if (commit.value === null && requested !== undefined) {
  fail([`Git nie zna wersji „${requested}” — podaj np. HEAD, origin/main albo skrót zatwierdzenia.`]);
}
const since = requested === undefined ? 'ostatniego zatwierdzenia' : requested;

const problems: string[] = [];

/** Parsed JSON, or undefined with the Polish problem noted. */
function parsed(read: () => unknown): unknown {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof JsonFileError)) throw error;
    problems.push(error.message);
    return undefined;
  }
}

const isTierFile = (value: unknown): value is TierFile =>
  isObject(value) && isObject(value.schema) && isObject(value.uiSchema);

/** The tier file `read` gives; undefined, with the Polish problem noted, when it is not one. */
function tierFile(read: () => unknown, file: string): TierFile | undefined {
  const value = parsed(read);
  if (value === undefined || isTierFile(value)) return value;
  problems.push(`${file}: plik musi mieć części „schema” i „uiSchema” — sprawdź go: npm run schemas:check.`);
  return undefined;
}

const shared = {
  definitions: parsed(() =>
    readJsonFile(path.join(root, 'schemas/definitions.json'), 'schemas/definitions.json'),
  ),
  definitionsUi: parsed(() =>
    readJsonFile(path.join(root, 'schemas/definitions.ui.json'), 'schemas/definitions.ui.json'),
  ),
} as SharedDefinitions;

const lines: string[] = [];
for (const tier of prizes.tiers) {
  const file = `schemas/${tier.schema}`;
  const after = tierFile(() => readJsonFile(path.join(root, file), file), file);
  const committed = commit.value === null ? null : await fileAtRevision(root, commit.value, file);
  const text = committed?.ok ? committed.value : null;
  const shown = `${file} (wersja z ${since})`;
  // null: the file is new since the revision.
  const before = text === null ? null : tierFile(() => parseJsonText(text, shown), shown);
  if (after === undefined || before === undefined || problems.length > 0) continue;
  try {
    const items = describeChanges({ tier, before, after, shared, onlinePrefix: campaign.onlineCodePrefix });
    if (items.length > 0) lines.push(summaryLine(tier, items));
  } catch {
    // Composing fails on what schemas:check tells precisely (e.g. a $ref to no definition).
    problems.push(`${file}: nie da się porównać formularza — sprawdź pliki: npm run schemas:check.`);
  }
}

if (problems.length > 0) fail(problems);
console.log(lines.length > 0 ? lines.join('\n') : `Formularze bez zmian od ${since}.`);
