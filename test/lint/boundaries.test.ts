import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundaries of eslint.config.js, as the lint applies them: in a flat config a later block's
// no-restricted-imports (or no-restricted-syntax) replaces an earlier one for the files both match, so each
// file must get every restriction of its area at once. Snippets are linted as if they were new files there.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: root,
  // Without type information (these files are not on disk): only the boundary rules are asked about.
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

async function problems(filePath: string, code: string): Promise<Array<[rule: string, message: string]>> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((message) => [message.ruleId ?? '', message.message]);
}

describe('lint boundaries', () => {
  it('a feature gets both the browser rules and the rule against other features', async () => {
    const found = await problems(
      'src/client/features/winners/new-part.ts',
      "import { buildApp } from '#server/app.ts';\n" +
        "import { faqGroups } from '#client/features/faq/faq-content.ts';\n" +
        "import { tierChanges } from '#tooling/schema-check.ts';\n" +
        'export const parts = [buildApp, faqGroups, tierChanges];\n',
    );
    expect(found).toEqual([
      ['no-restricted-imports', expect.stringContaining('The browser must not import server code')],
      ['no-restricted-imports', expect.stringContaining('Features do not import each other')],
      ['no-restricted-imports', expect.stringContaining('the product never imports it')],
    ]);
  });

  it('a widget reads its texts from src/shared/content, never from the client', async () => {
    expect(
      await problems(
        'widgets/new-widget.tsx',
        "import { texts } from '#client/lib/statement-texts.ts';\nexport const widgetTexts = texts;\n",
      ),
    ).toEqual([['no-restricted-imports', expect.stringContaining('Widgets never import the client')]]);
    expect(
      await problems(
        'widgets/new-widget.tsx',
        "import { texts } from '#shared/content/statement-texts.ts';\nexport const widgetTexts = texts;\n",
      ),
    ).toEqual([]);
  });

  it('src/shared stays browser-safe: no Node built-ins, no server, client, tooling or SQL', async () => {
    const found = await problems(
      'src/shared/new-helper.ts',
      "import fs from 'node:fs';\nimport path from 'path';\nimport { sql } from 'kysely';\n" +
        "import { api } from '#client/lib/api.ts';\nimport { readJsonFile } from '#tooling/json-file.ts';\n" +
        'export const used = [fs, path, sql, api, readJsonFile];\n',
    );
    expect(found.map(([rule]) => rule)).toEqual(Array(5).fill('no-restricted-imports'));
    expect(found[0]![1]).toContain('no Node built-ins');
    expect(found[3]![1]).toContain('src/shared is what the browser, the widgets and the server all run');
  });

  it('the server keeps its import rules and the addKeyword rule together', async () => {
    const found = await problems(
      'src/server/new-route.ts',
      "import { Ajv } from 'ajv';\nimport { sql } from 'kysely';\n" +
        "new Ajv().addKeyword({ keyword: 'x' });\nexport const query = sql;\n",
    );
    expect(found).toEqual([
      ['no-restricted-imports', expect.stringContaining('SQL lives only in src/server/db')],
      ['no-restricted-syntax', expect.stringContaining('Only src/shared registers ajv keywords')],
    ]);
  });

  it('the server reads the time only through its clock module, and db keeps the rule too', async () => {
    const readsTime =
      'export const now = [Date.now(), new Date(), new Date(0)];\nexport const clock = Date.now;\n';
    // src/server/mail/ too: when a reminder is due is the campaign clock's question, not Date.now()'s.
    for (const file of [
      'src/server/routes/new-route.ts',
      'src/server/db/new-table.ts',
      'src/server/mail/new-part.ts',
    ]) {
      expect(await problems(file, readsTime)).toEqual([
        ['no-restricted-syntax', expect.stringContaining('Date.now(): use the clock in the dependencies')],
        ['no-restricted-syntax', expect.stringContaining('new Date(): use the clock in the dependencies')],
        ['no-restricted-syntax', expect.stringContaining('Date.now(): use the clock in the dependencies')],
      ]);
    }
    expect(await problems('src/server/clock.ts', readsTime)).toEqual([]);
  });

  it('the domain speaks no HTTP: it imports neither the edge nor Fastify', async () => {
    const importsEdge =
      "import { ApiProblem } from '../plugins/error-mapping';\n" +
      "import { loggerOptions } from '#server/http/logging.ts';\nimport type { FastifyReply } from 'fastify';\n" +
      "import fastifyStatic from '@fastify/static';\nimport { panelCalls } from '../panel/calls';\n" +
      "import { statementRoutes } from '../routes/statements';\nimport { PageCache } from '../pages/pages';\n" +
      'export type Reply = FastifyReply;\nexport const used = [ApiProblem, loggerOptions, fastifyStatic, panelCalls, statementRoutes, PageCache];\n';
    for (const file of [
      'src/server/review/new-rule.ts',
      'src/server/claims/new-rule.ts',
      'src/server/staff/new-rule.ts',
      'src/server/complaints/new-rule.ts',
      'src/server/issue/new-rule.ts',
      'src/server/mail/new-part.ts',
      'src/server/db/new-table.ts',
      'src/server/operator/commands/new-command.ts',
      // The settings are plain values: config.ts is the domain's too.
      'src/server/config.ts',
    ]) {
      expect(await problems(file, importsEdge)).toEqual(
        Array(7).fill(['no-restricted-imports', expect.stringContaining('The domain speaks no HTTP')]),
      );
    }
    // The edge may: it is where a refusal becomes a status.
    expect(
      await problems(
        'src/server/routes/new-route.ts',
        "import { ApiProblem } from '../plugins/error-mapping';\nimport type { FastifyReply } from 'fastify';\n" +
          "import { DomainError } from '../domain-errors';\nexport type Reply = FastifyReply;\n" +
          'export const used = [ApiProblem, DomainError];\n',
      ),
    ).toEqual([]);
  });

  it('the running server never imports scripts/ (build recipes)', async () => {
    for (const file of [
      'src/server/pages/new-part.ts',
      'src/server/review/new-rule.ts',
      'src/server/main.ts',
    ]) {
      expect(
        await problems(
          file,
          "import { buildClient } from '../../scripts/build-recipe.ts';\nexport const build = buildClient;\n",
        ),
      ).toEqual([
        ['no-restricted-imports', expect.stringContaining('The running server never imports scripts/')],
      ]);
    }
  });

  it('browser code takes no Node built-ins, except the server render of the pages', async () => {
    const readsFiles = "import fs from 'node:fs';\nexport const read = fs.readFileSync;\n";
    for (const file of ['src/client/lib/new-helper.ts', 'widgets/new-widget.tsx']) {
      expect(await problems(file, readsFiles)).toEqual([
        ['no-restricted-imports', expect.stringContaining('no Node built-ins')],
      ]);
    }
    expect(await problems('src/client/entry-server.tsx', readsFiles)).toEqual([]);
  });

  it('scripts do not import the server app by a relative path either', async () => {
    expect(
      await problems(
        'scripts/new-script.ts',
        "import { buildApp } from '../src/server/app';\nexport const a = buildApp;\n",
      ),
    ).toEqual([['no-restricted-imports', expect.stringContaining("the server's app")]]);
  });

  it('scripts and the studio server do not reach into the product', async () => {
    expect(
      await problems(
        'scripts/new-script.ts',
        "import { buildApp } from '#server/app.ts';\nexport const app = buildApp;\n",
      ),
    ).toEqual([['no-restricted-imports', expect.stringContaining('run the server as a process')]]);
    expect(
      await problems(
        'src/studio/server/new-call.ts',
        "import { loadConfig } from '#server/config.ts';\nexport const config = loadConfig;\n",
      ),
    ).toEqual([['no-restricted-imports', expect.stringContaining('never imports the product server')]]);
  });

  it("the participant's pages, widgets and src/shared never import the staff panel", async () => {
    const importsPanel =
      "import { PanelApp } from '#panel/panel-app.tsx';\nimport { texts } from '../../panel/lib/texts';\n" +
      'export const panel = [PanelApp, texts];\n';
    for (const file of [
      'src/client/features/winners/new-part.ts',
      'src/client/lib/new-helper.ts',
      'src/client/entry-server.tsx',
      'widgets/new-widget.tsx',
      'src/shared/content/new-helper.ts',
    ]) {
      expect(await problems(file, importsPanel)).toEqual([
        [
          'no-restricted-imports',
          expect.stringContaining("The participant's pages never load the staff panel"),
        ],
        [
          'no-restricted-imports',
          expect.stringContaining("The participant's pages never load the staff panel"),
        ],
      ]);
    }
  });

  it('the staff panel imports src/shared and src/content, and neither the server, the client, the form engine nor Node', async () => {
    // Its shell and components, and each of its features (which get the rule against other features too).
    for (const file of ['src/panel/components/new-part.tsx', 'src/panel/features/review/new-page.tsx']) {
      const found = await problems(
        file,
        "import { buildApp } from '#server/app.ts';\nimport { api } from '#client/lib/api.ts';\n" +
          "import { Form } from '@rjsf/core';\nimport fs from 'node:fs';\nimport { sql } from 'kysely';\n" +
          'export const used = [buildApp, api, Form, fs, sql];\n',
      );
      expect(found).toEqual([
        ['no-restricted-imports', expect.stringContaining('The panel must not import server code')],
        ['no-restricted-imports', expect.stringContaining("never imports the participant's client")],
        ['no-restricted-imports', expect.stringContaining('no form engine')],
        ['no-restricted-imports', expect.stringContaining('no Node built-ins')],
        ['no-restricted-imports', expect.stringContaining('SQL lives only in src/server/db')],
      ]);
    }
    expect(
      await problems(
        'src/panel/features/review/new-page.tsx',
        "import { formatWarsawDateTime } from '#shared/warsaw-time.ts';\nimport panel from '#content/panel.json';\n" +
          'export const used = [formatWarsawDateTime, panel];\n',
      ),
    ).toEqual([]);
  });

  it("the panel's features do not import each other, however the path is written", async () => {
    const found = await problems(
      'src/panel/features/team/new-part.ts',
      "import { statementPath } from '../review/review-shared';\n" +
        "import { AuditPage } from '#panel/features/audit/audit-page.tsx';\n" +
        "import { PayoutsPage } from '../../features/payouts/payouts-page';\n" +
        "import { buildApp } from '#server/app.ts';\n" +
        'export const parts = [statementPath, AuditPage, PayoutsPage, buildApp];\n',
    );
    const otherFeature = expect.stringContaining(
      'Features do not import each other: move the shared part to src/panel/components or src/panel/lib',
    );
    expect(found).toEqual([
      ['no-restricted-imports', otherFeature],
      ['no-restricted-imports', otherFeature],
      ['no-restricted-imports', otherFeature],
      ['no-restricted-imports', expect.stringContaining('The panel must not import server code')],
    ]);
    // Its own files, the panel's components and lib, src/shared and content are its to import.
    expect(
      await problems(
        'src/panel/features/team/new-part.ts',
        "import { STAFF_KEY } from './staff-key';\nimport { Page } from '../../components/page';\n" +
          "import { request } from '../../lib/api';\nimport { polishCount } from '#shared/polish-count.ts';\n" +
          'export const parts = [STAFF_KEY, Page, request, polishCount];\n',
      ),
    ).toEqual([]);
    // A client feature reaching a sibling by ../ is refused as well.
    expect(
      await problems(
        'src/client/features/winners/new-part.ts',
        "import { faqGroups } from '../faq/faq-content';\nexport const parts = [faqGroups];\n",
      ),
    ).toEqual([
      ['no-restricted-imports', expect.stringContaining('src/client/components or src/client/lib')],
    ]);
  });

  it('the panel fetches nothing by hand: its calls go through lib/api.ts, from their declarations', async () => {
    expect(
      await problems(
        'src/panel/features/team/new-part.ts',
        "export const load = () => fetch('/panel/api/staff');\n",
      ),
    ).toEqual([['no-restricted-globals', expect.stringContaining('src/panel/lib/api.ts')]]);
    expect(
      await problems('src/panel/lib/api.ts', "export const load = () => fetch('/panel/api/staff');\n"),
    ).toEqual([]);
  });

  it('refuses an import that closes a cycle, however long', async () => {
    // schema-check.ts imports contract-check.ts: contract-check importing it back was the house's one cycle.
    const found = await problems(
      'src/tooling/contract-check.ts',
      "import type { SchemaProblem } from './schema-check';\nexport type Problem = SchemaProblem;\n",
    );
    expect(found).toEqual([
      [
        'local/no-import-cycle',
        expect.stringContaining(
          'src/tooling/contract-check.ts → src/tooling/schema-check.ts → src/tooling/contract-check.ts',
        ),
      ],
    ]);
  });
});
