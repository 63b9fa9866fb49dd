import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formById } from '#studio/forms.ts';
import { TIER_FILES } from '#shared/statement/generated/tier-files.ts';
import { readSaves, recordSave, SAVE_LOG } from '#studio/server/save-log.ts';

// docs/decisions/studio.md#saves-log: every studio save is kept with its Polish changes, for 'Historia'.

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

describe('the log of studio saves', () => {
  it("a tier's saves, newest first; other tiers' and a line cut short are left out", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-saves-'));
    roots.push(root);
    const [iv, v] = [formById('IV')!, formById('V')!];
    expect(readSaves(root, iv)).toEqual([]);
    recordSave(root, iv, ['Ulica — teraz obowiązkowe'], TIER_FILES.IV, new Date('2026-07-01T10:00:00Z'));
    recordSave(root, v, ['Adres e-mail przed polem „Numer telefonu”'], TIER_FILES.V);
    fs.appendFileSync(path.join(root, SAVE_LOG), '{"tier":"IV","date":');
    recordSave(root, iv, ['Ulica — teraz nieobowiązkowe'], TIER_FILES.IV, new Date('2026-07-02T10:00:00Z'));
    expect(readSaves(root, iv)).toEqual([
      { date: '2026-07-02T10:00:00.000Z', items: ['Ulica — teraz nieobowiązkowe'], file: TIER_FILES.IV },
      { date: '2026-07-01T10:00:00.000Z', items: ['Ulica — teraz obowiązkowe'], file: TIER_FILES.IV },
    ]);
  });
});
