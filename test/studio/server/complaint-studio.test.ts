import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import definitions from '#schemas/definitions.json';
import definitionsUi from '#schemas/definitions.ui.json';
import { campaign } from '#shared/campaign.ts';
import { complaintFormProblems, REQUIRED_CONTENT } from '#shared/complaint/complaint-fields.ts';
import { composeTierForm, requiredIn, type TierFile } from '#shared/statement/tier-forms.ts';
import type { SharedFiles } from '#tooling/schema-check.ts';
import { GENERATED_DIR } from '#tooling/generate.ts';
import { fieldRows } from '#studio/field-rows.ts';
import { COMPLAINT_FORM } from '#studio/forms.ts';
import { applyEdit, checkForm, type Edit } from '#studio/model.ts';
import { studioApi } from '#studio/server/api.ts';
import { readProject } from '#studio/server/project.ts';

// Issue 42: the complaint form (/reklamacja) is edited in the studio like the tiers, and the studio never
// saves what schemas:check refuses (who, where, what happened, what they demand, the consent stay required).

const shared = { definitions, definitionsUi } as SharedFiles;
const context = { form: COMPLAINT_FORM, shared, onlinePrefix: campaign.onlineCodePrefix };
const FILE = 'schemas/complaint.json';
// What schemas:check demands is exactly what the studio locks.
const LOCKED = REQUIRED_CONTENT;

let root: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-complaint-'));
  vi.stubEnv('GIT_CEILING_DIRECTORIES', path.dirname(root));
  for (const entry of ['schemas', GENERATED_DIR, '.prettierrc.json']) {
    fs.cpSync(entry, path.join(root, entry), { recursive: true });
  }
  const api = studioApi(root);
  server = http.createServer((request, response) => api(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/studio/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const onDisk = () => JSON.parse(fs.readFileSync(path.join(root, FILE), 'utf8')) as TierFile;
const edited = (...edits: Edit[]) => edits.reduce((file, edit) => applyEdit(file, edit, context), onDisk());
const save = (file: TierFile) =>
  fetch(`${base}/tiers/complaint`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ file, base: onDisk() }),
  });

describe('the complaint form in the studio', () => {
  it('is listed with the tiers, as /studio/complaint, and passes the check', async () => {
    const forms = (await (await fetch(`${base}/tiers`)).json()) as Array<{ id: string; problems: unknown[] }>;
    expect(forms.map((form) => form.id)).toEqual(['I', 'II', 'III', 'IV', 'V', 'VI', 'WINTO', 'complaint']);
    expect(forms.at(-1)).toMatchObject({ id: 'complaint', label: 'reklamacja', problems: [] });
    const one = await fetch(`${base}/tiers/complaint`);
    expect(await one.json()).toMatchObject({ id: 'complaint', file: onDisk(), problems: [] });
  });

  it('locks what a complaint must hold, with the reason in Polish; the code stays, and may be made required', () => {
    const rows = fieldRows(onDisk(), context);
    // The code sits where the engine puts a code: its section at the top (definitions.ui.json).
    expect(rows.map((row) => row.name)).toEqual([
      'code',
      'name',
      'surName',
      'address',
      'email',
      'eventDate',
      'description',
      'demand',
      'personalDataClause',
    ]);
    expect(rows.filter((row) => row.requiredLock).map((row) => row.name)).toEqual(
      rows.map((row) => row.name).filter((name) => LOCKED.includes(name)),
    );
    expect(LOCKED).toContain('demand');
    for (const row of rows.filter((candidate) => LOCKED.includes(candidate.name))) {
      expect(row.visibleLock, row.name).toMatch(
        /^Bez tego pola nie wiadomo, kto składa reklamację.*obowiązkowe\.$/,
      );
      expect(row.requiredLock, row.name).toBe(row.visibleLock);
    }
    const code = rows.find((row) => row.name === 'code')!;
    expect(code.visibleLock).toBe(
      'Organizator musi otrzymać to pole w reklamacji — dlatego jest zawsze widoczne.',
    );
    expect(code.requiredLock).toBeUndefined();
    // The address's parts are inputs, not consents.
    expect(rows[3]!.texts.filter((text) => text.key.startsWith('part:')).map((text) => text.label)).toEqual([
      'Etykieta części 1',
      'Etykieta części 2',
      'Etykieta części 3',
      'Etykieta części 4',
      'Etykieta części 5',
    ]);
  });

  it('what the locks keep from the studio, the check refuses, and so does the save', async () => {
    const before = fs.readFileSync(path.join(root, FILE), 'utf8');
    const optional = edited({ kind: 'required', field: 'demand', on: false });
    expect(requiredIn(optional.schema, 'demand')).toBe(false);
    expect(checkForm(COMPLAINT_FORM, optional, shared)).toEqual([
      expect.objectContaining({
        file: FILE,
        message: expect.stringMatching(/pole „demand” musi być obowiązkowe/),
      }),
    ]);
    const response = await save(optional);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      ok: false,
      problems: [expect.objectContaining({ file: FILE })],
    });
    expect(fs.readFileSync(path.join(root, FILE), 'utf8')).toBe(before);
  });

  it('the date moved up, the code made required: saved, checked as schemas:check does, the form shows it', async () => {
    const file = edited(
      { kind: 'move', field: 'eventDate', by: -1 },
      { kind: 'required', field: 'code', on: true },
    );
    const response = await save(file);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, id: 'complaint', problems: [] });

    const saved = onDisk();
    expect(complaintFormProblems(saved)).toEqual([]);
    const project = readProject(root);
    expect(project.ok && project.complaint).toEqual(saved);
    // The public form, composed from the file as /reklamacja composes it, and its regenerated validator.
    const form = composeTierForm('complaint', saved, shared, campaign.onlineCodePrefix);
    expect(form.uiSchema['ui:order']).toEqual([
      'name',
      'surName',
      'address',
      'eventDate',
      'code',
      'email',
      'description',
      'demand',
      'personalDataClause',
    ]);
    expect(requiredIn(form.schema, 'code')).toBe(true);
    expect(
      (form.schema.properties as Record<string, { 'x-requiredMessage'?: string }>).code?.[
        'x-requiredMessage'
      ],
    ).toMatch(/jest wymagan/);
    const validator = fs.readFileSync(path.join(root, GENERATED_DIR, 'complaint.ts'), 'utf8');
    expect(validator).toMatch(/missingProperty: "code"|"code"/);
    const history = (await (await fetch(`${base}/tiers/complaint/history`)).json()) as {
      saves: { items: string[] }[];
    };
    expect(history.saves[0]!.items.join('; ')).toMatch(/Kod promocyjny.*obowiązkowe/);
  });
});
