// npm run schemas:build writes the generated modules (tier registry maps, form data type, precompiled
// validators); npm run schemas:check fails (exit 1) when a file of schemas/ has a problem or the generated
// output is stale. Files are read and parsed first, so a syntax error is told in Polish with its place,
// before anything imports them.
import fs from 'node:fs';
import path from 'node:path';

const mode = process.argv[2];
const problems: string[] = [];

const { campaign, prizes } = await import('../src/shared/campaign');
const { checkTierSchema } = await import('../src/shared/statement/schema-check');
const { GENERATED_DIR, generatedModules } = await import('../src/shared/statement/generate');
const { composeTierSchema } = await import('../src/shared/statement/tier-forms');
const { KNOWN_WIDGETS } = await import('../widgets/registry');

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
const shared = {
  definitions: readJson('schemas/definitions.json'),
  definitionsUi: readJson('schemas/definitions.ui.json'),
};
const forms = [];
for (const tier of prizes.tiers) {
  const file = readJson(path.join('schemas', tier.schema));
  const tierProblems = checkTierSchema({
    tier,
    file,
    shared,
    onlinePrefix: campaign.onlineCodePrefix,
    knownWidgets: KNOWN_WIDGETS,
  });
  problems.push(...tierProblems);
  if (tierProblems.length === 0) {
    forms.push({
      tier,
      schema: composeTierSchema(tier.id, file, shared.definitions, campaign.onlineCodePrefix),
    });
  }
}
if (problems.length === 0) {
  for (const [name, source] of generatedModules(forms)) {
    const file = path.join(GENERATED_DIR, name);
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    if (current === source) continue;
    if (mode === 'build') fs.writeFileSync(file, source);
    else problems.push(`${file} is stale: run npm run schemas:build`);
  }
}
if (problems.length > 0) {
  console.error(`Schema problems:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(mode === 'build' ? 'Validators up to date.' : 'Schemas OK.');
