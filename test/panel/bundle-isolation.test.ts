// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { panelBuildConfig } from '../../scripts/build-recipe.ts';

// The two bundles apart, as the real builds make them (written nowhere): the participant's (vite.config.ts,
// the module graph of every page it serves) holds nothing of the panel, and the panel's holds no form engine.
// Not a scan of dist/: a build already there may be older than the sources; this asks the bundler itself.

const root = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-isolation-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

type Output = Rolldown.RolldownOutput['output'][number];

async function bundleOf(config: Parameters<typeof build>[0]): Promise<Output[]> {
  // An empty outDir of its own: the precompress plugin walks it after the (unwritten) build.
  const outDir = fs.mkdtempSync(path.join(scratch, 'out-'));
  const result = await build({
    ...config,
    logLevel: 'silent',
    build: { ...config?.build, outDir, write: false },
  });
  return (Array.isArray(result) ? result : [result]).flatMap(
    (output) => (output as Rolldown.RolldownOutput).output,
  );
}

const modulesOf = (outputs: Output[]) =>
  outputs
    .flatMap((output) => (output.type === 'chunk' ? output.moduleIds : []))
    .map((id) => path.relative(root, id));
const textOf = (output: Output) =>
  output.type === 'chunk' ? output.code : typeof output.source === 'string' ? output.source : '';

describe("the participant's bundle and the staff panel's stay apart", () => {
  it("the participant's pages load no module of the panel, nor its passkey library or calls", async () => {
    const outputs = await bundleOf({ root, configFile: path.join(root, 'vite.config.ts') });
    const modules = modulesOf(outputs);
    // The graph was really walked: the app and the form engine are in it.
    expect(modules).toContain('src/client/main.tsx');
    expect(modules.some((id) => id.includes('@rjsf'))).toBe(true);

    expect(modules.filter((id) => id.startsWith('src/panel/') || id.includes('@simplewebauthn'))).toEqual([]);
    expect(modules).not.toContain('src/content/panel.json');
    const mentions = outputs.filter((output) =>
      /\/panel\/api|Zaloguj się kluczem dostępu/.test(textOf(output)),
    );
    expect(mentions.map((output) => output.fileName)).toEqual([]);
  }, 120_000);

  it("the panel's bundle carries no form engine: no rjsf, ajv or statement schemas; its files are under /panel/ (and the site's icon)", async () => {
    const outputs = await bundleOf(await panelBuildConfig(root, scratch));
    const modules = modulesOf(outputs);
    expect(modules).toContain('src/panel/main.tsx');
    expect(
      modules.filter((id) =>
        /@rjsf|[\\/]ajv|^schemas[\\/]|^widgets[\\/]|^src[\\/](client|server|studio|tooling)[\\/]/.test(id),
      ),
    ).toEqual([]);
    const html = outputs.find((output) => output.fileName === 'index.html')!;
    const linked = [...textOf(html).matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(linked.length).toBeGreaterThanOrEqual(2);
    // Its own files, and the site's icon (public/favicon.svg, served at the root for the whole origin).
    expect(linked.filter((url) => !url.startsWith('/panel/assets/'))).toEqual(['/favicon.svg']);
  }, 120_000);
});
