import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import definitions from '../../schemas/definitions.json';
import definitionsUi from '../../schemas/definitions.ui.json';
import { campaign, prizes, tierById, type TierId } from '../../src/shared/campaign';
import { tierForms } from '../../src/shared/statement/forms';
import { GENERATED_DIR, generatedModules, validatorModuleSource } from '../../src/shared/statement/generate';
import { TIER_FILES } from '../../src/shared/statement/generated/tier-files';
import { checkTierSchema } from '../../src/shared/statement/schema-check';
import type { TierFile } from '../../src/shared/statement/tier-forms';
import { KNOWN_WIDGETS } from '../../widgets/registry';

const check = (tierId: TierId, file: TierFile = TIER_FILES[tierId]) =>
  checkTierSchema({
    tier: tierById(tierId)!,
    file,
    shared: { definitions, definitionsUi },
    onlinePrefix: campaign.onlineCodePrefix,
    knownWidgets: KNOWN_WIDGETS,
  });

describe('schemas:check', () => {
  it.each(prizes.tiers.map((tier) => tier.id))('tier %s: valid, Polish messages, known widgets', (tierId) => {
    expect(check(tierId)).toEqual([]);
  });

  it('the generated modules are up to date', () => {
    const modules = generatedModules(
      prizes.tiers.map((tier) => ({ tier, schema: tierForms[tier.id].schema })),
    );
    for (const [name, source] of modules) {
      expect(fs.readFileSync(path.join(GENERATED_DIR, name), 'utf8'), name).toBe(source);
    }
  });

  it('never emits eval-like code or require() into the browser validators', () => {
    const source = validatorModuleSource(tierForms.I.schema);
    expect(source).not.toMatch(/new Function|eval\(|require\(/);
  });

  describe('reports, naming the file', () => {
    const withFile = (change: (file: TierFile) => void) => {
      const file = structuredClone(TIER_FILES.IV);
      change(file);
      return check('IV', file);
    };

    it('an unknown widget', () => {
      expect(withFile((file) => (file.uiSchema.phone = { 'ui:widget': 'PhoneWidgetX' }))).toEqual([
        'schemas/tier-iv.json: unknown widget "PhoneWidgetX"',
      ]);
    });

    it('a rule without its Polish message', () => {
      expect(
        withFile(
          (file) =>
            ((file.schema.properties as Record<string, unknown>).note = { type: 'string', maxLength: 5 }),
        ),
      ).toEqual([
        'schemas/tier-iv.json/properties/note: no Polish message for "type"',
        'schemas/tier-iv.json/properties/note: no Polish message for "maxLength"',
        'schemas/tier-iv.json: "note" is missing from ui:order',
      ]);
    });

    it('a required field whose definition has no message, and an invalid schema', () => {
      const problems = withFile((file) => {
        (file.schema.properties as Record<string, unknown>).extra = { type: 'string', maxLenght: 3 };
        (file.schema.required as string[]).push('extra');
        (file.uiSchema['ui:order'] as string[]).push('extra');
      });
      expect(problems[0]).toMatch(/^schemas\/tier-iv\.json: invalid JSON Schema: .*maxLenght/);
      expect(problems).toContain(
        'schemas/tier-iv.json: no Polish message for required "extra" (x-requiredMessage in its definition)',
      );
    });

    it('a field the tier does not send to the server', () => {
      expect(
        withFile((file) => {
          (file.schema.properties as Record<string, unknown>).pesel = { $ref: '#/$defs/pesel' };
          (file.uiSchema['ui:order'] as string[]).push('pesel');
        }),
      ).toEqual(['schemas/tier-iv.json: "pesel" is not sent for this tier (shared/API.md): ask a developer']);
    });

    it('a reference to a definition that does not exist', () => {
      expect(
        withFile(
          (file) => ((file.schema.properties as Record<string, unknown>).phone = { $ref: '#/$defs/telefon' }),
        ),
      ).toEqual(['schemas/tier-iv.json: Unknown definition #/$defs/telefon']);
    });
  });
});
