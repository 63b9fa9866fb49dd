// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import definitions from '#schemas/definitions.json';
import definitionsUi from '#schemas/definitions.ui.json';
import { campaign, prizes } from '#shared/campaign.ts';
import { TIER_FILES } from '#shared/statement/generated/tier-files.ts';
import { runtimeValidator } from '#shared/statement/keywords.ts';
import { formById } from '#studio/forms.ts';
import { checkTierFile, type SharedFiles } from '#tooling/schema-check.ts';
import { describeProblem } from '#tooling/schema-problem.ts';
import { firstMessagePerField } from '#shared/statement/statement-errors.ts';
import { sameJson } from '#shared/json.ts';
import { composeTierSchema, type TierFile } from '#shared/statement/tier-forms.ts';
import { fieldRows } from '#studio/field-rows.ts';
import { applyEdit, type Edit } from '#studio/model.ts';
import type { StudioContext } from '#studio/tier-file.ts';
import { KNOWN_WIDGETS } from '#widgets/registry.ts';

// schemas/README.md: every example ("```json <file> <JSON Pointer>" replaces that part of the file) is
// applied to the file as it is and checked; an example followed by "```text odrzucone" must be refused
// with exactly the message the README quotes. The studio's steps of each example ("```text studio <file>")
// are done with the studio's edit model and must give the same file, or, followed by "```text wyłączone",
// meet a switch locked with exactly the reason the README quotes.

interface Example {
  file: string;
  pointer: string;
  value: unknown;
  refusedWith?: string[];
}

const blocks = () =>
  [...fs.readFileSync('schemas/README.md', 'utf8').matchAll(/```(\w+)([^\n]*)\n([\s\S]*?)```/g)].map(
    ([, lang, info, body]) => ({ lang: lang!, info: info!.trim().split(/\s+/), body: body! }),
  );

function examples(): Example[] {
  return blocks().flatMap((block, index, all) => {
    if (block.lang !== 'json' || block.info.length !== 2) return [];
    const next = all[index + 1];
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

function applied({ file, pointer, value }: Example, base?: TierFile): TierFile {
  const tier = prizes.tiers.find((candidate) => candidate.schema === file)!;
  const copy = structuredClone(base ?? TIER_FILES[tier.id]) as unknown as Record<string, unknown>;
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

  it('are there: five changes that work and one that is refused', () => {
    expect(all.filter((example) => !example.refusedWith)).toHaveLength(5);
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

interface StudioSteps {
  file: string;
  lines: string[];
  /** The examples in the file that the steps must give (those of the same file before the next steps). */
  results: Example[];
  /** The reason the README says the studio shows instead, when the steps meet a locked switch. */
  locked?: string;
}

function studioSteps(): StudioSteps[] {
  const all = blocks();
  const written = examples();
  return all.flatMap((block, index) => {
    if (block.lang !== 'text' || block.info[0] !== 'studio') return [];
    const file = block.info[1]!;
    const next = all[index + 1];
    const end = all.findIndex(
      (later, at) => at > index && later.lang === 'text' && later.info[0] === 'studio',
    );
    const results = all
      .slice(index + 1, end === -1 ? undefined : end)
      .filter((later) => later.lang === 'json' && later.info[0] === file)
      .map((later) =>
        written.find((candidate) => candidate.file === file && candidate.pointer === later.info[1])!,
      );
    return [
      {
        file,
        lines: block.body.trim().split('\n'),
        results,
        ...(next?.lang === 'text' && next.info[0] === 'wyłączone' ? { locked: next.body.trim() } : {}),
      },
    ];
  });
}

/** One line of the README's studio steps, done as the studio does it; a locked switch gives its reason. */
function step(file: TierFile, line: string, context: StudioContext): TierFile | { locked: string } {
  const [, title, action] = /^(.+?): (.+)$/.exec(line)!;
  const row = fieldRows(file, context).find((candidate) => candidate.title === title);
  if (!row) throw new Error(`no field titled ${title}`);
  const toggle = /^(zaznacz|odznacz) „(Widoczne|Obowiązkowe)”$/.exec(action!);
  const text = /^(.+) → „(.*)”$/.exec(action!);
  let edit: Edit;
  if (toggle) {
    const visible = toggle[2] === 'Widoczne';
    const lock = visible ? row.visibleLock : row.requiredLock;
    if (lock) return { locked: lock };
    edit = { kind: visible ? 'visible' : 'required', field: row.name, on: toggle[1] === 'zaznacz' };
  } else if (action === '„W górę”' || action === '„W dół”') {
    expect(action === '„W górę”' ? row.canMoveUp : row.canMoveDown, line).toBe(true);
    edit = { kind: 'move', field: row.name, by: action === '„W górę”' ? -1 : 1 };
  } else if (text) {
    const setting = row.texts.find((candidate) => candidate.label === text[1]);
    if (!setting || setting.lock) throw new Error(`no editable text ${text[1]} in ${title}`);
    edit = { kind: 'text', field: row.name, key: setting.key, value: text[2]! };
  } else throw new Error(`unknown step ${line}`);
  return applyEdit(file, edit, context);
}

describe('the studio steps of schemas/README.md', () => {
  const all = studioSteps();

  it('are there: each example is the result of one', () => {
    expect(all.flatMap((steps) => steps.results)).toEqual(examples());
  });

  it.each(all.map((steps) => [steps.lines.join('; '), steps] as const))('%s', (_name, steps) => {
    const tier = prizes.tiers.find((candidate) => candidate.schema === steps.file)!;
    const context = {
      form: formById(tier.id)!,
      shared: { definitions, definitionsUi } as SharedFiles,
      onlinePrefix: campaign.onlineCodePrefix,
    };
    let file: TierFile = TIER_FILES[tier.id];
    for (const line of steps.lines) {
      const next = step(file, line, context);
      if ('locked' in next) {
        expect(next.locked).toBe(steps.locked);
        return;
      }
      file = next;
    }
    expect(steps.locked).toBeUndefined();
    const result = steps.results.reduce<TierFile>(
      (done, example) => applied(example, done),
      TIER_FILES[tier.id],
    );
    expect(sameJson(file, result), JSON.stringify(file)).toBe(true);
  });
});
