// @vitest-environment node
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// npm run schemas:check on a copy of the project whose prizes.json an editor changed (spec §9: the additional
// award pays the 10 % tax): a value changed with its award passes, an award that does not pay it is refused
// in Polish, naming the file and the place.

const run = promisify(execFile);
const root = process.cwd();
const tsx = path.join(root, 'node_modules/.bin/tsx');
const folders: string[] = [];

afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

async function checkPrizes(change: (text: string) => string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'prize-values-'));
  folders.push(folder);
  // What the check reads and what it compares its output with.
  for (const dir of ['schemas', 'src/content', 'src/shared/statement/generated', '.vscode'])
    fs.cpSync(path.join(root, dir), path.join(folder, dir), { recursive: true });
  const prizes = path.join(folder, 'src/content/prizes.json');
  fs.writeFileSync(prizes, change(fs.readFileSync(prizes, 'utf8')));
  try {
    const { stdout } = await run(tsx, [path.join(root, 'scripts/schemas.ts'), 'check'], { cwd: folder });
    return { code: 0, out: stdout };
  } catch (error) {
    const { code, stderr } = error as { code: number; stderr: string };
    return { code, out: stderr };
  }
}

describe('npm run schemas:check on prize values', { timeout: 30_000 }, () => {
  it('passes a phone worth 3 600 zł with its award of 400 zł', async () => {
    const result = await checkPrizes((text) =>
      text.replace(
        '"value": 3679,\n      "additionalAward": 409',
        '"value": 3600,\n      "additionalAward": 400',
      ),
    );
    expect(result).toEqual({ code: 0, out: 'Formularze są w porządku.\n' });
  });

  it('refuses a voucher whose award is 1 110 zł, saying what it must be', async () => {
    const result = await checkPrizes((text) =>
      text.replace('"additionalAward": 1111', '"additionalAward": 1110'),
    );
    expect(result).toEqual({
      code: 1,
      out:
        'Problemy w plikach formularzy:\n' +
        '- src/content/prizes.json: /catalogue/BON_10000/additionalAward — nagroda dodatkowa 1 110 zł nie zgadza się z wartością 10 000 zł: wpisz 1111 (wartość podzielona przez 9, zaokrąglona do pełnych złotych; tyle wynosi 10% podatku od wartości razem z nagrodą dodatkową)\n',
    });
  });
});
