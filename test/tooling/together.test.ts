import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// npm test runs its checks and the tests side by side through scripts/together.mjs: it must fail when any of
// them fails, and show each check's output.
const TOGETHER = path.resolve('scripts/together.mjs');

describe('scripts/together.mjs', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-together-'));
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({
        name: 'together-test',
        private: true,
        scripts: { good: 'node -e "console.log(1 + 1)"', bad: 'node -e "process.exit(4)"' },
      }),
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const together = (...args: string[]) =>
    spawnSync(process.execPath, [TOGETHER, ...args], { cwd: dir, encoding: 'utf8' });

  it('passes when the scripts and the command pass, with each script’s output under its name', () => {
    const run = together('good', '--', process.execPath, '-e', 'console.log("tests")');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/> npm run good \(\d+\.\d s\)\n2\n/);
    expect(run.stdout).toContain('tests\n');
  });

  it('fails when a script fails, though the command passes', () => {
    const run = together('good', 'bad', '--', process.execPath, '-e', '0');
    expect(run.status).toBe(4);
    expect(run.stdout).toMatch(/> npm run bad \(\d+\.\d s, exit code 4\)/);
  });

  it('fails when the command fails, though the scripts pass', () => {
    expect(together('good', '--', process.execPath, '-e', 'process.exit(3)').status).toBe(3);
  });
});
