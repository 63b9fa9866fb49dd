import { describe, expect, it } from 'vitest';
import { COMMANDS } from '#server/operator/commands.ts';
import { runCommand } from '#server/operator/run.ts';

async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const exitCode = await runCommand(args, {
    env: {},
    terminal: false,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { exitCode, stdout, stderr };
}

describe('npm run operator -- help', () => {
  it('lists every command with a line in Polish on what it does, and succeeds', async () => {
    const help = await run(['help']);
    expect(help.exitCode).toBe(0);
    expect(help.stderr).toBe('');
    const lines = help.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Użycie: npm run operator -- <polecenie>');
    for (const command of [...COMMANDS.map((known) => known.name), 'help']) {
      const at = lines.findIndex((line) => line.startsWith(`  ${command}`));
      expect(at, command).toBeGreaterThan(0);
      // The line under the usage says what the command does, in Polish words.
      expect(lines[at + 1], command).toMatch(/^ {6}[a-ząćęłńóśźż]/);
    }
    expect(help.stdout).toContain('sprawdza, czy dziennik zdarzeń panelu jest kompletny i niezmieniony');
  });

  it('an unknown command gets the same list with descriptions, on stderr, and fails', async () => {
    const unknown = await run(['pomoc']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(/^Nieznane polecenie: pomoc\nUżycie:/);
    expect(unknown.stderr).toContain('  mailbox\n      wypisuje wiadomości ze skrzynki deweloperskiej');
  });
});
