import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { studioApi } from '#studio/server/api.ts';

// The studio's calls on a copy of the schemas that is no git repository: the views that need git say so,
// the rest works; a request never names a file, only a tier.

let root: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-api-'));
  // git must not find a repository above the copy either.
  vi.stubEnv('GIT_CEILING_DIRECTORIES', path.dirname(root));
  fs.cpSync('schemas', path.join(root, 'schemas'), { recursive: true });
  const api = studioApi(root);
  server = http.createServer((request, response) =>
    api(request, response, () => {
      response.statusCode = 418;
      response.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/studio/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const get = async (url: string) => {
  const response = await fetch(`${base}${url}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const NOT_GIT = 'Ten folder nie jest repozytorium git — historii i zmian nie ma skąd wziąć.';

describe('the studio’s calls outside a git repository', () => {
  it('Zmiany and Historia say there is no history', async () => {
    expect(await get('/changes')).toEqual({ status: 200, body: { ok: false, message: NOT_GIT } });
    // The studio's own saves are no git history: they would still be listed.
    expect(await get('/tiers/iv/history')).toEqual({
      status: 200,
      body: { ok: true, saves: [], versions: [], message: NOT_GIT },
    });
  });

  it('the tiers and their files are there, by the route’s id', async () => {
    const { status, body } = await get('/tiers/winto');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'WINTO', problems: [] });
    expect(body.file).toEqual(
      JSON.parse(fs.readFileSync(path.join(root, 'schemas/tier-winto.json'), 'utf8')),
    );
  });

  it('a path that is no tier, or a revision that is no full hash, is not found', async () => {
    for (const url of ['/tiers/..%2F..%2Fpackage.json', '/tiers/definitions', '/tiers/iv/history/HEAD']) {
      expect((await get(url)).status, url).toBe(404);
    }
  });
});

describe('a save of a file that changed meanwhile', () => {
  it('is refused with 409 in Polish, the file left as it is', async () => {
    const target = path.join(root, 'schemas/tier-iv.json');
    const before = fs.readFileSync(target, 'utf8');
    const file = JSON.parse(before);
    const post = (body: unknown) =>
      fetch(`${base}/tiers/iv`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const stale = { ...file, uiSchema: { ...file.uiSchema, address_flat: { 'ui:help': 'Inna wersja' } } };
    const response = await post({ file, base: stale });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      conflict: true,
      message: expect.stringMatching(/^Ten formularz został w międzyczasie zapisany gdzie indziej/),
    });
    expect((await post({ file })).status).toBe(409);
    expect(fs.readFileSync(target, 'utf8')).toBe(before);
  });
});
