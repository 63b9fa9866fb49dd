// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import definitions from '../../schemas/definitions.json';
import definitionsUi from '../../schemas/definitions.ui.json';
import { campaign, prizes } from '../../src/shared/campaign';
import { TIER_FILES } from '../../src/shared/statement/generated/tier-files';
import { runtimeValidator } from '../../src/shared/statement/keywords';
import { checkTierFile, describeProblem, type SharedFiles } from '../../src/shared/statement/schema-check';
import { firstMessagePerField } from '../../src/shared/statement/statement-errors';
import { composeTierSchema, type TierFile } from '../../src/shared/statement/tier-forms';
import { KNOWN_WIDGETS } from '../../widgets/registry';

// schemas/README.md: every example ("```json <file> <JSON Pointer>" replaces that part of the file) is
// applied to the file as it is and checked; an example followed by "```text odrzucone" must be refused
// with exactly the message the README quotes.

interface Example {
  file: string;
  pointer: string;
  value: unknown;
  refusedWith?: string[];
}

function examples(): Example[] {
  const readme = fs.readFileSync('schemas/README.md', 'utf8');
  const blocks = [...readme.matchAll(/```(\w+)([^\n]*)\n([\s\S]*?)```/g)].map(([, lang, info, body]) => ({
    lang: lang!,
    info: info!.trim().split(/\s+/),
    body: body!,
  }));
  return blocks.flatMap((block, index) => {
    if (block.lang !== 'json' || block.info.length !== 2) return [];
    const next = blocks[index + 1];
    const refused = next?.lang === 'text' && next.info[0] === 'odrzucone';
    return [
      {
        file: block.info[0]!,
        pointer: block.info[1]!,
        value: JSON.parse(block.body),
        ...(refused ? { refusedWith: next.body.trim().split('\n') } : {}),
      },
    ];
  });
}

function applied({ file, pointer, value }: Example): TierFile {
  const tier = prizes.tiers.find((candidate) => candidate.schema === file)!;
  const copy = structuredClone(TIER_FILES[tier.id]) as unknown as Record<string, unknown>;
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = copy;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[parts.at(-1)!] = value;
  return copy as unknown as TierFile;
}

const problemsOf = (example: Example) => {
  const tier = prizes.tiers.find((candidate) => candidate.schema === example.file)!;
  return checkTierFile({
    tier,
    file: applied(example),
    shared: { definitions, definitionsUi } as SharedFiles,
    onlinePrefix: campaign.onlineCodePrefix,
    knownWidgets: KNOWN_WIDGETS,
  }).map(describeProblem);
};

describe('the examples of schemas/README.md', () => {
  const all = examples();

  it('are there: four changes that work and one that is refused', () => {
    expect(all.filter((example) => !example.refusedWith)).toHaveLength(4);
    expect(all.filter((example) => example.refusedWith)).toHaveLength(1);
  });

  it.each(all.map((example) => [`${example.file} ${example.pointer}`, example] as const))(
    '%s does what the README says',
    (_name, example) => {
      expect(problemsOf(example)).toEqual(example.refusedWith ?? []);
    },
  );

  it('the street made required on tier IV is required, with the spec’s generic message', () => {
    const example = all.find(
      (candidate) => candidate.pointer === '/schema/required' && !candidate.refusedWith,
    )!;
    const schema = composeTierSchema('IV', applied(example), definitions, campaign.onlineCodePrefix);
    const validator = runtimeValidator();
    const messages = firstMessagePerField(validator.rawValidation(schema, {}).errors ?? []);
    expect(messages.get('address_street')).toBe('Pole wymagane');
  });
});
