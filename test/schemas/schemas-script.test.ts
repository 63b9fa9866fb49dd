// @vitest-environment node
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// npm run schemas:check as an editor meets it: on a copy of schemas/ and src/content/ with a mistake in it,
// a Polish sentence with the file and place, exit code 1, and never a stack trace.

const run = promisify(execFile);
const root = process.cwd();
const tsx = path.join(root, 'node_modules/.bin/tsx');
const folders: string[] = [];

afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

async function checkWith(file: string, change: (text: string) => string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-check-'));
  folders.push(folder);
  // What the check reads, and the generated output it compares with what it would write.
  for (const dir of ['schemas', 'src/content', 'src/shared/statement/generated', '.vscode'])
    fs.cpSync(path.join(root, dir), path.join(folder, dir), { recursive: true });
  const target = path.join(folder, file);
  fs.writeFileSync(target, change(fs.readFileSync(target, 'utf8')));
  try {
    const { stdout } = await run(tsx, [path.join(root, 'scripts/schemas.ts'), 'check'], { cwd: folder });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const { code, stderr } = error as { code: number; stderr: string };
    return { code, stdout: '', stderr };
  }
}

const NO_STACK = /\n\s+at |Error:|SyntaxError|node:internal/;

// Each case starts a process that reads and checks every file: seconds on a busy machine.
describe('npm run schemas:check on a broken file', { timeout: 30_000 }, () => {
  it('a trailing comma in a tier file: line and column, in Polish', async () => {
    const result = await checkWith('schemas/tier-vi.json', (text) =>
      text.replace('"bankAccount", "consents"]', '"bankAccount", "consents",]'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Problemy w plikach formularzy:\n- schemas/tier-vi.json, wiersz 27, kolumna 94: zbędny przecinek przed „]”.\n',
    );
    expect(result.stderr).not.toMatch(NO_STACK);
  });

  it('a trailing comma in a content file', async () => {
    const result = await checkWith('src/content/prizes.json', (text) => text.replace(/}\n\s*]/, '},\n  ]'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('- src/content/prizes.json, wiersz ');
    expect(result.stderr).toContain('zbędny przecinek przed „]”');
    expect(result.stderr).not.toMatch(NO_STACK);
  });

  it('a misspelt $ref', async () => {
    const result = await checkWith('schemas/tier-iv.json', (text) =>
      text.replace('#/$defs/email', '#/$defs/e-mail'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '- schemas/tier-iv.json, pole „email”, /schema/properties/email/$ref: „e-mail” nie jest definicją z definitions.json — to pole ma definicję „email”: wpisz "#/$defs/email"',
    );
    expect(result.stderr).not.toMatch(NO_STACK);
  });

  it('a complaint form whose demand is no longer required (issue 42: it cannot be dropped)', async () => {
    const result = await checkWith('schemas/complaint.json', (text) =>
      text.replace(/\n\s*"demand",\n/, '\n'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Problemy w plikach formularzy:\n- schemas/complaint.json: /schema/required — pole „demand” musi być obowiązkowe: bez niego nie wiadomo, kto składa reklamację, dokąd odpowiedzieć, co się stało albo czego żąda\n',
    );
  });
});

// spec §9: the additional award pays the 10 % tax. An editor who changes a value with its award passes; an
// award that does not pay it, or a form text naming an amount nothing fills, is refused, naming the place.
describe('npm run schemas:check on prize values', { timeout: 30_000 }, () => {
  it('passes a phone worth 3 600 zł with its award of 400 zł', async () => {
    const result = await checkWith('src/content/prizes.json', (text) =>
      text.replace(
        '"value": 3679,\n      "additionalAward": 409',
        '"value": 3600,\n      "additionalAward": 400',
      ),
    );
    expect(result).toEqual({ code: 0, stdout: 'Formularze są w porządku.\n', stderr: '' });
  });

  it('refuses a voucher whose award is 1 110 zł, saying what it must be', async () => {
    const result = await checkWith('src/content/prizes.json', (text) =>
      text.replace('"additionalAward": 1111', '"additionalAward": 1110'),
    );
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Problemy w plikach formularzy:\n' +
        '- src/content/prizes.json: /catalogue/BON_10000/additionalAward — nagroda dodatkowa 1 110 zł nie zgadza się z wartością 10 000 zł: wpisz 1111 (wartość podzielona przez 9, zaokrąglona do pełnych złotych; tyle wynosi 10% podatku od wartości razem z nagrodą dodatkową)\n',
    });
  });

  it('refuses a form text naming an amount nothing fills', async () => {
    const result = await checkWith('schemas/tier-ii.json', (text) =>
      text.replace('{BON_10000.additionalAward}', '{BON_10000.additionalAwrd}'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '- schemas/tier-ii.json, /uiSchema/consents/tax/ui:title: nieznana nazwa w klamrach „{BON_10000.additionalAwrd}” — czy chodziło o „{BON_10000.additionalAward}”?\n',
    );
  });
});
