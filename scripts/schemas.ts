// npm run schemas:build writes what derives from schemas/ and the tier registry (generated modules,
// precompiled validators, the editor's JSON Schemas); npm run schemas:check fails (exit 1) on any problem
// in those files or when the generated output is stale. Every problem is told in Polish with its file and
// place. Files are read and parsed before anything imports them, so a syntax error is told too.
import fs from 'node:fs';
import path from 'node:path';
import { JsonFileError, readJsonFile } from '../src/shared/json-file';

const mode = process.argv[2] === 'build' ? 'build' : 'check';

function fail(problems: string[]): never {
  console.error(`Problemy w plikach formularzy:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  process.exit(1);
}

/** Every JSON file the app imports, parsed: a syntax error is reported here, never as a stack trace. */
function readAll(files: string[]): Map<string, unknown> {
  const parsed = new Map<string, unknown>();
  const problems: string[] = [];
  for (const file of files) {
    try {
      parsed.set(file, readJsonFile(file));
    } catch (error) {
      if (!(error instanceof JsonFileError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) fail(problems);
  return parsed;
}

const jsonIn = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(dir, name));
readAll(jsonIn('src/content'));

const { campaign, draws, prizes } = await import('../src/shared/campaign');
const { validateContent } = await import('../src/shared/content-validation');
const contentProblems = validateContent({ campaign, draws, prizes });
if (contentProblems.length > 0) fail(contentProblems);

const schemaFiles = readAll([
  'schemas/definitions.json',
  'schemas/definitions.ui.json',
  ...prizes.tiers.map((tier) => path.join('schemas', tier.schema)),
]);
const { checkSharedFiles, checkTierFile, describeProblem } =
  await import('../src/shared/statement/schema-check');
const { EDITOR_DIR, GENERATED_DIR, generatedFiles } = await import('../src/shared/statement/generate');
const { composeTierSchema } = await import('../src/shared/statement/tier-forms');
const { KNOWN_WIDGETS } = await import('../widgets/registry');

const definitions = schemaFiles.get('schemas/definitions.json');
const definitionsUi = schemaFiles.get('schemas/definitions.ui.json');
const sharedProblems = checkSharedFiles(definitions, definitionsUi, KNOWN_WIDGETS);
if (sharedProblems.length > 0) fail(sharedProblems.map(describeProblem));
const shared = { definitions, definitionsUi } as Parameters<typeof checkTierFile>[0]['shared'];

const problems = prizes.tiers.flatMap((tier) =>
  checkTierFile({
    tier,
    file: schemaFiles.get(path.join('schemas', tier.schema)),
    shared,
    onlinePrefix: campaign.onlineCodePrefix,
    knownWidgets: KNOWN_WIDGETS,
  }).map(describeProblem),
);
if (problems.length > 0) fail(problems);

const files = generatedFiles({
  tiers: prizes.tiers.map((tier) => ({
    tier,
    schema: composeTierSchema(
      tier.id,
      schemaFiles.get(path.join('schemas', tier.schema)) as Parameters<typeof composeTierSchema>[1],
      shared.definitions,
      campaign.onlineCodePrefix,
    ),
  })),
  definitions: shared.definitions,
  knownWidgets: KNOWN_WIDGETS,
});
const stale: string[] = [];
for (const [file, content] of files) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) continue;
  if (mode === 'build') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  } else stale.push(`${file} jest nieaktualny: uruchom npm run schemas:build`);
}
// What a removed tier left behind (its validator, its editor schema) goes too.
const leftovers = [GENERATED_DIR, EDITOR_DIR]
  .flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : []))
  .filter((file) => fs.statSync(file).isFile() && !files.has(file));
for (const file of leftovers) {
  if (mode === 'build') fs.unlinkSync(file);
  else stale.push(`${file} jest zbędny: uruchom npm run schemas:build`);
}
if (stale.length > 0) fail(stale);
console.log(mode === 'build' ? 'Sprawdzarki formularzy są aktualne.' : 'Formularze są w porządku.');
