// npm run schemas:build writes what derives from schemas/ and the tier registry (generated modules,
// precompiled validators, the editor's JSON Schemas); npm run schemas:check fails (exit 1) on any problem
// in those files or when the generated output is stale. Every problem is told in Polish with its file and
// place. Files are read and parsed before anything imports them, so a syntax error is told too.
import fs from 'node:fs';
import path from 'node:path';
import { JsonFileError, readJsonFile } from '#tooling/json-file.ts';

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
const content = readAll(jsonIn('src/content'));

// The content files read here, not the app's imports: a copy of the project (the tests') checks its own.
const { contentFiles, validateContent } = await import('#shared/content-validation.ts');
const contentProblems = validateContent(
  Object.fromEntries(
    Object.keys(contentFiles).map((name) => [name, content.get(path.join('src/content', `${name}.json`))]),
  ) as unknown as typeof contentFiles,
);
if (contentProblems.length > 0) fail(contentProblems);

// docs/decisions/complaints.md#form: the complaint form keeps what a complaint must hold, and compiles.
const { COMPLAINT_SCHEMA_FILE, complaintFormProblems } =
  await import('#shared/complaint/complaint-fields.ts');
const complaintProblems = complaintFormProblems(readAll([COMPLAINT_SCHEMA_FILE]).get(COMPLAINT_SCHEMA_FILE));
if (complaintProblems.length > 0) fail(complaintProblems);
try {
  const { complaintForm } = await import('#shared/complaint/complaint-form.ts');
  const { runtimeValidator } = await import('#shared/statement/keywords.ts');
  runtimeValidator().rawValidation(complaintForm.schema, {});
} catch (error) {
  fail([
    `${COMPLAINT_SCHEMA_FILE}: /schema — formularza reklamacji nie da się zbudować: ${(error as Error).message}`,
  ]);
}

// The form studio saves through the same reading, checking and generating: both write the same bytes.
const { generatedFor, readProject } = await import('#studio/server/project.ts');
const { describeProblem } = await import('#tooling/schema-problem.ts');
const { EDITOR_DIR, GENERATED_DIR } = await import('#tooling/generate.ts');

const project = readProject('.');
if (!project.ok) fail(project.problems.map(describeProblem));
const files = generatedFor(project.shared, project.files, project.complaint);
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
