// npm run schemas:build writes the precompiled validators; npm run schemas:check fails (exit 1) when a
// schema is invalid, names an unknown widget, lacks a Polish message, or its precompiled output is stale.
import fs from 'node:fs';
import { prizes } from '../src/shared/campaign';
import { generatedFileName, validatorModuleSource } from '../src/shared/statement/generate-validators';
import { checkTierSchema } from '../src/shared/statement/schema-check';
import { KNOWN_WIDGETS } from '../widgets/registry';

const mode = process.argv[2];
const problems: string[] = [];
for (const { id } of prizes.tiers) {
  const tierProblems = checkTierSchema(id, KNOWN_WIDGETS);
  problems.push(...tierProblems);
  if (tierProblems.length > 0) continue;
  const file = generatedFileName(id);
  const source = validatorModuleSource(id);
  if (mode === 'build') {
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) fs.writeFileSync(file, source);
  } else if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) {
    problems.push(`${file} is stale: run npm run schemas:build`);
  }
}
if (problems.length > 0) {
  console.error(`Schema problems:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(mode === 'build' ? 'Validators up to date.' : 'Schemas OK.');
