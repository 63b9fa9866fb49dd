import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tierById, type Tier } from '#shared/campaign.ts';
import { GENERATED_DIR } from '#tooling/generate.ts';
import type { TierFile } from '#shared/statement/tier-forms.ts';
import { formById } from '#studio/forms.ts';
import { generatedFor, readProject, readFormFile } from '#studio/server/project.ts';
import { saveForms, SaveError } from '#studio/server/save.ts';

// The studio's save on a copy of the project: what schemas:check refuses leaves every file as it was, and
// what it accepts is written as Prettier and schemas:build would write it, both or neither.

const main = process.cwd();
const roots: string[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true }));
});

function projectCopy(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-save-'));
  roots.push(root);
  for (const entry of ['schemas', GENERATED_DIR, '.vscode', '.prettierrc.json']) {
    fs.cpSync(path.join(main, entry), path.join(root, entry), { recursive: true });
  }
  return root;
}

/** Every file below `root` (path from the root → content). */
function snapshot(root: string): Map<string, string> {
  const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort();
  return new Map(
    files
      .filter((file) => fs.statSync(path.join(root, file)).isFile())
      .map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]),
  );
}

const tier = (id: string) => tierById(id)!;

function tierFile(root: string, of: Tier): TierFile {
  const read = readFormFile(root, formById(of.id)!);
  if (!read.ok) throw new Error('the copy has a broken tier file');
  return read.file as TierFile;
}

function withRequired(root: string, of: Tier, change: (required: string[]) => string[]): TierFile {
  const file = tierFile(root, of);
  return { ...file, schema: { ...file.schema, required: change(file.schema.required as string[]) } };
}

/** What schemas:build would generate from the files in `root`. */
function generatedFrom(root: string): Map<string, string> {
  const project = readProject(root);
  if (!project.ok) throw new Error('the copy does not pass schemas:check');
  return generatedFor(project.shared, project.files, project.complaint);
}

const read = (root: string, file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('saving a tier file from the studio', () => {
  it('the generated files of unchanged schemas are those committed (studio and schemas:build agree)', () => {
    const root = projectCopy();
    for (const [file, content] of generatedFrom(root)) expect(read(root, file), file).toBe(content);
  });

  it('the street made required in tier IV: the file as Prettier writes it and its validator regenerated', async () => {
    const root = projectCopy();
    const before = snapshot(root);
    const iv = tier('IV');
    const file = withRequired(root, iv, (required) => [...required, 'address_street']);

    const result = await saveForms(root, new Map([[iv.id, file]]));

    const validator = `${GENERATED_DIR}/tier-iv.ts`;
    expect(result).toEqual({ ok: true, written: ['schemas/tier-iv.json', validator] });
    const filepath = path.join(root, 'schemas/tier-iv.json');
    const saved = read(root, 'schemas/tier-iv.json');
    expect(saved).toBe(await format(saved, { ...(await resolveConfig(filepath)), filepath })); // prettier --check
    // Only the list changed: the rest keeps the layout it had.
    const original = before.get('schemas/tier-iv.json')!;
    expect(saved).toBe(original.replace('"consents"\n    ]', '"consents",\n      "address_street"\n    ]'));
    expect(saved).not.toBe(original);
    expect(JSON.parse(saved)).toEqual(file);
    expect(read(root, validator)).not.toBe(before.get(validator));
    expect(read(root, validator)).toBe(generatedFrom(root).get(validator));
    const after = snapshot(root);
    const changed = [...after.keys()].filter((name) => after.get(name) !== before.get(name));
    expect(changed.sort()).toEqual(['schemas/tier-iv.json', validator].sort());
    expect([...after.keys()]).toEqual([...before.keys()]);
  });

  it('several tiers at once (a text changed everywhere): all written, or none when one is refused', async () => {
    const root = projectCopy();
    const before = snapshot(root);
    const [iv, v, vi6] = [tier('IV'), tier('V'), tier('VI')];
    const street = (of: Tier) => withRequired(root, of, (required) => [...required, 'address_street']);
    const noPhone = withRequired(root, vi6, (required) => required.filter((name) => name !== 'phone'));

    const refused = await saveForms(
      root,
      new Map([
        [iv.id, street(iv)],
        [vi6.id, noPhone],
      ]),
    );
    expect(refused.ok).toBe(false);
    expect(snapshot(root)).toEqual(before);

    const result = await saveForms(
      root,
      new Map([
        [iv.id, street(iv)],
        [v.id, street(v)],
      ]),
    );
    expect(result.ok && result.written.filter((file) => file.startsWith('schemas/'))).toEqual([
      'schemas/tier-iv.json',
      'schemas/tier-v.json',
    ]);
    expect(tierFile(root, v).schema.required).toContain('address_street');
  });

  it('the phone dropped from tier VI’s required fields: refused in Polish at the field, nothing written', async () => {
    const root = projectCopy();
    const before = snapshot(root);
    const vi6 = tier('VI');

    const result = await saveForms(
      root,
      new Map([[vi6.id, withRequired(root, vi6, (required) => required.filter((name) => name !== 'phone'))]]),
    );

    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'schemas/tier-vi.json',
        field: 'phone',
        message: expect.stringContaining('„phoneNumber”'),
      }),
    ]);
    expect(snapshot(root)).toEqual(before);
  });

  it('something that is no tier file is refused, nothing written', async () => {
    const root = projectCopy();
    const before = snapshot(root);

    const result = await saveForms(root, new Map([['IV', { schema: 1 }]]));

    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).not.toEqual([]);
    expect(snapshot(root)).toEqual(before);
  });

  it('a disk failure after the tier file is in place puts it back and leaves no temporary file', async () => {
    const root = projectCopy();
    const before = snapshot(root);
    const iv = tier('IV');
    const rename = fs.renameSync;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (String(to).endsWith(`${GENERATED_DIR}/tier-iv.ts`)) throw new Error('EIO: disk failure');
      rename(from, to);
    });

    const save = saveForms(
      root,
      new Map([[iv.id, withRequired(root, iv, (required) => [...required, 'address_street'])]]),
    );

    await expect(save).rejects.toThrow(SaveError);
    await expect(save).rejects.toThrow(
      'Nie udało się zapisać plików formularza — nic nie zostało zmienione.',
    );
    expect(fs.renameSync).toHaveBeenCalledWith(
      expect.stringContaining('tier-iv.json'),
      path.join(root, 'schemas/tier-iv.json'),
    );
    expect(snapshot(root)).toEqual(before);
  });

  it('two saves at once end with a file and a validator from the same save', async () => {
    const root = projectCopy();
    const iv = tier('IV');
    const street = withRequired(root, iv, (required) => [...required, 'address_street']);
    const flat = withRequired(root, iv, (required) => [...required, 'address_flat']);

    const results = await Promise.all([
      saveForms(root, new Map([[iv.id, street]])),
      saveForms(root, new Map([[iv.id, flat]])),
    ]);

    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(JSON.parse(read(root, 'schemas/tier-iv.json'))).toEqual(flat);
    const validator = `${GENERATED_DIR}/tier-iv.ts`;
    expect(read(root, validator)).toBe(generatedFrom(root).get(validator));
    const project = readProject(root);
    expect(project.ok).toBe(true);
  });
});
