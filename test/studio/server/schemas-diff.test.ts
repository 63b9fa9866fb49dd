import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// npm run schemas:diff as a reviewer meets it: run in a throwaway repository holding a copy of schemas/,
// committed, then edited. Never this checkout's own git state.

const run = promisify(execFile);
const root = process.cwd();
const tsx = path.join(root, 'node_modules/.bin/tsx');
const script = path.join(root, 'scripts/schemas-diff.ts');
const folders: string[] = [];
const NO_STACK = /\n\s+at |Error:|node:internal/;

async function schemasDiff(cwd: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, [script, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/** A folder with a copy of schemas/; a git repository with it committed unless `git` is false. */
async function project({ git = true } = {}): Promise<string> {
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-diff-')));
  folders.push(folder);
  fs.cpSync(path.join(root, 'schemas'), path.join(folder, 'schemas'), { recursive: true });
  if (git) {
    await run('git', ['init', '-q'], { cwd: folder });
    await commit(folder, 'Formularze');
  }
  return folder;
}

async function commit(folder: string, subject: string): Promise<void> {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Anna Redaktorka',
    GIT_AUTHOR_EMAIL: 'anna@example.pl',
    GIT_COMMITTER_NAME: 'Anna Redaktorka',
    GIT_COMMITTER_EMAIL: 'anna@example.pl',
  };
  await run('git', ['add', '-A'], { cwd: folder, env });
  await run('git', ['commit', '-q', '--no-gpg-sign', '-m', subject], { cwd: folder, env });
}

type TierJson = { schema: { required: string[] }; uiSchema: { 'ui:order': string[] } };

function edit(folder: string, file: string, change: (tier: TierJson) => void): void {
  const target = path.join(folder, 'schemas', file);
  const tier = JSON.parse(fs.readFileSync(target, 'utf8')) as TierJson;
  change(tier);
  fs.writeFileSync(target, `${JSON.stringify(tier, null, 2)}\n`);
}

/** The README's two examples: the street required on IV, the e-mail before the phone on V. */
function editExamples(folder: string): void {
  edit(folder, 'tier-iv.json', (tier) => tier.schema.required.push('address_street'));
  edit(folder, 'tier-v.json', (tier) => {
    const order = tier.uiSchema['ui:order'];
    order.splice(order.indexOf('email'), 1);
    order.splice(order.indexOf('phone'), 0, 'email');
  });
}

const CHANGED = 'IV: Ulica — teraz obowiązkowe\nV: Adres e-mail przed polem „Numer telefonu”\n';

beforeAll(() => {
  // A temp folder that happened to lie inside some repository would not be 'outside git'.
  vi.stubEnv('GIT_CEILING_DIRECTORIES', fs.realpathSync(os.tmpdir()));
});

afterAll(() => {
  vi.unstubAllEnvs();
  folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true }));
});

describe('npm run schemas:diff', () => {
  it('one line per changed tier, against the last commit', async () => {
    const folder = await project();
    editExamples(folder);
    expect(await schemasDiff(folder)).toEqual({ code: 0, stdout: CHANGED, stderr: '' });
  });

  it('says so when nothing changed', async () => {
    const folder = await project();
    expect(await schemasDiff(folder)).toEqual({
      code: 0,
      stdout: 'Formularze bez zmian od ostatniego zatwierdzenia.\n',
      stderr: '',
    });
  });

  it('compares with a given revision', async () => {
    const folder = await project();
    editExamples(folder);
    await commit(folder, 'Przykłady z README');
    expect(await schemasDiff(folder, 'HEAD~1')).toEqual({ code: 0, stdout: CHANGED, stderr: '' });
    expect((await schemasDiff(folder, 'HEAD')).stdout).toBe('Formularze bez zmian od HEAD.\n');
  });

  it('a tier file not committed yet is new', async () => {
    const folder = await project();
    const winto = path.join(folder, 'schemas/tier-winto.json');
    const text = fs.readFileSync(winto, 'utf8');
    await run('git', ['rm', '-q', 'schemas/tier-winto.json'], { cwd: folder });
    await commit(folder, 'Bez WinTo!');
    fs.writeFileSync(winto, text);
    expect((await schemasDiff(folder)).stdout).toBe('WinTo!: nowy plik\n');
  });

  it('outside a git repository: says so, exit 1', async () => {
    const result = await schemasDiff(await project({ git: false }));
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'To nie jest repozytorium git — nie ma z czym porównać formularzy.\n',
    });
  });

  it('an unknown revision: says so, exit 1', async () => {
    const result = await schemasDiff(await project(), 'nie-ma-takiej');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Git nie zna wersji „nie-ma-takiej” — podaj np. HEAD, origin/main albo skrót zatwierdzenia.\n',
    );
  });

  it('a syntax error in a tier file: the Polish problem with its place, exit 1, no stack trace', async () => {
    const folder = await project();
    const target = path.join(folder, 'schemas/tier-vi.json');
    fs.writeFileSync(target, fs.readFileSync(target, 'utf8').replace(/"consents"\s*\]/, '"consents",]'));
    const result = await schemasDiff(folder);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^schemas\/tier-vi\.json, wiersz \d+, kolumna \d+: zbędny przecinek przed „]”\.\n$/,
    );
    expect(result.stderr).not.toMatch(NO_STACK);
  });
});
