import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { panelIndexFile, serverBuildFile } from '#server/pages/client-build.ts';
import { isClientBuildStale } from '../../../scripts/build-recipe.ts';

// npm start builds dist/ when it is stale (ensureClientBuild): the staff panel's bundle is part of it.

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function write(file: string, atMs: number) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  fs.utimesSync(file, atMs / 1000, atMs / 1000);
}

/** A checkout with a panel source at `sourceAt` and a complete build at `builtAt`. */
function checkout({ sourceAt, builtAt }: { sourceAt: number; builtAt: number }) {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'client-build-'));
  const dist = path.join(root, 'dist');
  for (const source of ['index.html', 'src/client/main.tsx', 'src/panel/main.tsx']) {
    write(path.join(root, source), sourceAt);
  }
  for (const dir of ['src/client', 'src/panel', 'src'])
    fs.utimesSync(path.join(root, dir), sourceAt / 1000, sourceAt / 1000);
  for (const built of [path.join(dist, 'index.html'), serverBuildFile(dist), panelIndexFile(dist)])
    write(built, builtAt);
  return dist;
}

describe('when npm start rebuilds dist/', () => {
  const earlier = Date.parse('2025-07-01T10:00:00Z');
  const later = Date.parse('2025-07-01T11:00:00Z');

  it('not when every bundle, the panel included, is newer than its sources', () => {
    const dist = checkout({ sourceAt: earlier, builtAt: later });
    expect(isClientBuildStale(root, dist)).toBe(false);
  });

  it("when the panel's page is missing", () => {
    const dist = checkout({ sourceAt: earlier, builtAt: later });
    fs.rmSync(panelIndexFile(dist));
    expect(isClientBuildStale(root, dist)).toBe(true);
  });

  it("when a file of the panel's sources changed after the build", () => {
    const dist = checkout({ sourceAt: earlier, builtAt: later });
    write(path.join(root, 'src/panel/pages/new-page.tsx'), later + 60_000);
    expect(isClientBuildStale(root, dist)).toBe(true);
  });
});
