import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './harness';
import { runOperator } from '../server/helpers/operator';
import { validStatement } from '../server/helpers/statement-fixtures';
import { winnersFixture } from '../server/helpers/winners-fixture';

// The real server process on the embedded database: durability, key file, demo data, live imports.
describe('backend server process', () => {
  const running: RunningServer[] = [];
  const start = async (env: Record<string, string>, dataDir: string) => {
    const server = await startServer(env, dataDir);
    running.push(server);
    return server;
  };
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-backend-e2e-'));
    dirs.push(dir);
    return dir;
  };
  const where = (dataDir: string) => ({ dataDir, databaseUrl: undefined });
  const post = (server: RunningServer, body: unknown) =>
    fetch(`${server.url}/api/complete-testimonial`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('keeps a statement answered 201 through kill -9 and a restart', async () => {
    const dataDir = freshDir();
    const file = path.join(dataDir, 'winners.json');
    fs.writeFileSync(file, JSON.stringify(winnersFixture));
    // The first command creates the key (it keys the contact digests) and says to back it up.
    const imported = await runOperator(['import-winners', file], where(dataDir));
    expect(imported.exitCode).toBe(0);
    expect(imported.stderr).toContain('Utworzono plik klucza szyfrowania');

    const first = await start({}, dataDir);
    const keyFile = path.join(dataDir, 'statements.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(first.logs.some((line) => line.includes('encryption key file'))).toBe(false);

    const statement = validStatement('III', 'T0000000003');
    expect((await post(first, statement)).status).toBe(201);
    expect(await first.stop('SIGKILL')).toBeNull();

    const second = await start({}, dataDir);
    expect(second.logs.some((line) => line.includes('encryption key file'))).toBe(false);
    const again = await post(second, statement);
    expect(again.status).toBe(409);
    const out = path.join(dataDir, 'statements.csv');
    const exported = await runOperator(['export-statements', '--out', out], where(dataDir));
    expect(exported.lines).toEqual([{ out, statements: 1 }]);
    expect(fs.readFileSync(out, 'utf8')).toContain('T0000000003');
  });

  it('refuses to start with a key other than the one the data is sealed with, naming STATEMENTS_KEY', async () => {
    const dataDir = freshDir();
    // the first command makes the key file and records its fingerprint in the database
    expect((await runOperator(['status'], where(dataDir))).exitCode).toBe(0);
    const wrongKey = 'ab'.repeat(32);
    await expect(start({ STATEMENTS_KEY: wrongKey }, dataDir)).rejects.toThrow(
      /server exited with 1:[\s\S]*Błąd klucza szyfrowania: STATEMENTS_KEY nie pasuje do klucza/,
    );
    expect((await start({}, dataDir)).url).toMatch(/^http/);
  });

  it("shows another process's import within 5 seconds, without a restart", async () => {
    const dataDir = freshDir();
    const server = await start({}, dataDir);
    expect(await (await fetch(`${server.url}/api/WinnersList`)).json()).toEqual([]);
    const file = path.join(dataDir, 'winners.json');
    fs.writeFileSync(file, JSON.stringify(winnersFixture));
    expect((await runOperator(['import-winners', file], where(dataDir))).exitCode).toBe(0);
    const importedAt = Date.now();
    let list: unknown[] = [];
    while (list.length === 0 && Date.now() - importedAt < 5_000) {
      list = (await (await fetch(`${server.url}/api/WinnersList`)).json()) as unknown[];
      if (list.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(list).toHaveLength(2);
  });

  it('imports the demo winners on the first start of an empty database, unless DEMO=0', async () => {
    const demoDir = freshDir();
    const demo = await start({ DEMO: '1' }, demoDir);
    const body = (await (await fetch(`${demo.url}/api/publish-winners`)).json()) as {
      data: { code: string }[];
    };
    expect(body.data.length).toBeGreaterThan(10);
    expect(body.data.every((record) => /^E?DEMO/.test(record.code))).toBe(true);
    expect(fs.statSync(path.join(demoDir, 'demo-links.jsonl')).mode & 0o777).toBe(0o600);
    expect(demo.logs.join('\n')).not.toContain('hash=');

    const plain = await start({ DEMO: '0' }, freshDir());
    expect(await (await fetch(`${plain.url}/api/publish-winners`)).json()).toEqual({ data: [] });
  });
});
