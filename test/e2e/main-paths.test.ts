import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isOnlineCode,
  prizes,
  statementEndpoint,
  tierById,
  tierForPrize,
  type PrizeKey,
  type TierId,
} from '#shared/campaign.ts';
import { fitWithin } from '#shared/statement/coupon-photo.ts';
import { flatten } from '#shared/statement/payload.ts';
import type { StatementFormData } from '#shared/statement/generated/form-data.ts';
import { texts } from '#shared/content/texts.ts';
import { texts as statementTexts } from '#shared/content/statement-texts.ts';
import { fill } from '#shared/content/template.ts';
import { longPolishDate } from '#shared/content/polish-dates.ts';
import { complaintPageTexts } from '#shared/complaint/complaint-form.ts';
import { COMPLAINT_PAGE_PATH } from '#shared/complaint/complaint-path.ts';
import { fieldId } from '#client/features/statement/missing-fields.ts';
import { validStatements } from '../fixtures/statements';
import { runOperator } from '../server/helpers/operator';
import { winnersFixture } from '../server/helpers/winners-fixture';
import { ENGINES, inPage, waitFor, type EngineBrowser } from './engines';
import { type RunningServer, useServerAndBrowser } from './harness';

// docs/decisions/operations.md#three-engines: every iPhone browser runs Safari's engine, so the participant's
// main paths run in WebKitGTK and Firefox ESR as well as in Chromium, each path written once.

/** The fixture winners' first prize of the tier, with an online code or not. */
function winnerOf(tier: string, online: boolean) {
  return winnersFixture.instant!.find(
    (winner) => tierForPrize(winner.award)?.id === tier && isOnlineCode(winner.code) === online,
  )!;
}

/** A fixture statement, for a code the fixture winners hold (tiers III and VI are claimed by code). */
function statementOf(name: string, code: string) {
  const { tier, form, payload } = validStatements.find((statement) => statement.name === name)!;
  return {
    path: tierById(tier)!.path,
    form: { ...form, code },
    payload: { ...payload, code, codeType: isOnlineCode(code) ? 'ONLINE' : 'OFFLINE' },
  };
}

const VI_ONLINE = statementOf('tier VI, online code (no serial number)', winnerOf('VI', true).code);
// The tier III fixture with an offline code: the form asks for the coupon's photo too.
const III_OFFLINE = statementOf(
  'tier III, online code with PESEL (no photo, nationality not asked)',
  winnerOf('III', false).code,
);

// A phone's photo of the coupon, larger than 600x800: two halves of different colours.
const PHOTO = { width: 1600, height: 1200, left: [200, 40, 30], right: [30, 70, 200] };

/** The photo as a JPEG data URL, drawn and encoded by the browser itself (no JPEG encoder here). */
function drawJpeg(photo: typeof PHOTO): string {
  const canvas = document.createElement('canvas');
  canvas.width = photo.width;
  canvas.height = photo.height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = `rgb(${photo.left.join(',')})`;
  context.fillRect(0, 0, photo.width / 2, photo.height);
  context.fillStyle = `rgb(${photo.right.join(',')})`;
  context.fillRect(photo.width / 2, 0, photo.width / 2, photo.height);
  return canvas.toDataURL('image/jpeg', 0.9);
}

/** A complaint as a person types it (docs/api.md "Complaints"), the form's own field names. */
const COMPLAINT_FORM = {
  name: 'Zofia',
  surName: 'Nowak',
  'address.street': 'Polna',
  'address.houseNumber': '5',
  'address.postalCode': '00-950',
  'address.city': 'Warszawa',
  email: 'zofia.nowak@example.com',
  eventDate: '2025-09-23',
  description: 'Kod z kuponu nie został przyjęty przy rejestracji.',
  demand: 'Proszę o przyjęcie kodu.',
  personalDataClause: true,
} as unknown as StatementFormData;

const openDialogText = () => document.querySelector('dialog[open]')?.textContent;

/** Fills a statement form as a winner does: types every text of the form data, ticks every box it sets. */
async function fillStatement(browser: EngineBrowser, form: StatementFormData) {
  for (const [field, value] of Object.entries(form)) {
    if (typeof value === 'string') {
      if (value !== '') await browser.type(`#${fieldId(field)}`, value);
    } else if (value === true) await browser.click(`#${fieldId(field)}`);
    else {
      for (const [part, ticked] of Object.entries(value as Record<string, boolean>))
        if (ticked) await browser.click(`#${fieldId(`${field}.${part}`)}`);
    }
  }
}

/** What the server answered the posts to the path, by its request log (Fastify's, one id per request). */
function answers(server: RunningServer, urlPath: string): number[] {
  const lines = server.logs.flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as LogLine] : []));
  const posts = new Set(
    lines.filter(({ req }) => req?.method === 'POST' && req.url === urlPath).map(({ reqId }) => reqId),
  );
  return lines.filter(({ reqId, res }) => res && posts.has(reqId)).map(({ res }) => res!.statusCode);
}
type LogLine = { reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } };

/**
 * Sends the statement of the tier: the page says it arrived, the server answered 201 once, and stored one
 * statement of the tier, which it gives as the operator's export does.
 */
async function submitStatement(running: { server: RunningServer; browser: EngineBrowser }, tier: TierId) {
  const { server, browser } = running;
  const urlPath = `/api/${statementEndpoint(tierById(tier)!)}`;
  const before = answers(server, urlPath).length;
  await browser.click('.statement__submit [type=submit]');
  const dialog = await waitFor(browser, 'the statement to be sent', openDialogText, undefined);
  expect(dialog).toContain(statementTexts.successTitle);
  expect(dialog).toContain(statementTexts.successText);
  const stored = (await storedStatements(server.dataDir)).filter((row) => row.tier === tier);
  // The server's log line of the answer may reach this process after the browser had the answer.
  await vi.waitFor(() => expect(answers(server, urlPath).slice(before)).toEqual([201]));
  expect(stored).toHaveLength(1);
  return stored[0]!;
}

/** What the server stored, as the operator's export gives it: one record per statement, by column. */
const storedStatements = (dataDir: string) => exported(dataDir, 'export-statements');

/** An operator's CSV export (statements, complaints): one record per row, by column. */
async function exported(dataDir: string, command: string): Promise<Record<string, string>[]> {
  const out = path.join(dataDir, 'export.csv');
  const run = await runOperator([command, '--out', out], { dataDir, databaseUrl: undefined });
  expect(run.stderr).toBe('');
  const csv = fs.readFileSync(out, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = csv
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
        cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!,
      ),
    );
  return rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]!])));
}

/**
 * A payload as the export writes it: nested objects in dotted columns, an absent value as an empty cell; the
 * photo in a file of its own (`imageFile`).
 */
const asExported = (payload: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(flatten(payload))
      .filter(([column]) => column !== 'image')
      .map(([column, value]) => [column, value === null ? '' : String(value)]),
  );

for (const engine of ENGINES) {
  describe.runIf(engine.available())(`the participant's main paths in ${engine.name}`, () => {
    const running = useServerAndBrowser(
      {},
      async (dataDir) => {
        const file = path.join(dataDir, 'winners.json');
        fs.writeFileSync(file, JSON.stringify(winnersFixture));
        const imported = await runOperator(['import-winners', file], { dataDir, databaseUrl: undefined });
        expect(imported.exitCode).toBe(0);
      },
      engine.launch,
    );
    // The page meets no error: none is reported to the server (spec §7), a hydration mismatch included
    // (React reports it on the window, src/client/main.tsx sends it).
    let reportsBefore = 0;
    beforeEach(() => {
      reportsBefore = answers(running.server, '/api/error-report').length;
    });
    afterEach(() => {
      expect(answers(running.server, '/api/error-report').slice(reportsBefore)).toEqual([]);
    });

    it('the landing page hydrates, and the code checker finds a winning code', async () => {
      const { server, browser } = running;
      const winner = winnerOf('VI', true);
      await browser.goto(server.url);
      // The checker is rendered by React in the browser (the server's page says it needs JavaScript), and
      // only React writes what is typed in capitals.
      await browser.type('.checker__input', winner.code.toLowerCase());
      expect(
        await inPage(browser, () => document.querySelector<HTMLInputElement>('.checker__input')!.value, null),
      ).toBe(winner.code);
      await browser.click('.checker__form [type=submit]');
      const dialog = await waitFor(browser, "the checker's answer", openDialogText, undefined);
      expect(dialog).toContain(texts.checker.foundTitle);
      expect(dialog).toContain(fill(texts.checker.foundIntro, { code: winner.code }));
      expect(dialog).toContain(prizes.catalogue[winner.award as PrizeKey].award);
    });

    it('a complaint through /reklamacja: the confirmation gives its reference and deadline', async () => {
      const { server, browser } = running;
      await browser.goto(server.url + COMPLAINT_PAGE_PATH);
      // The long texts are drawn as the other fields: as wide, and taller (rjsf's own textarea was 192 px
      // wide and two lines high on a phone).
      const widths = await waitFor(
        browser,
        'the form',
        (ids) => {
          const fields = ids.map((id) => document.getElementById(id));
          return fields.every(Boolean) ? fields.map((field) => field!.getBoundingClientRect().width) : null;
        },
        ['root_name', 'root_description', 'root_demand'],
      );
      expect(new Set(widths).size).toBe(1);
      await fillStatement(browser, COMPLAINT_FORM);
      await browser.click('.statement__submit [type=submit]');
      const dialog = await waitFor(browser, 'the complaint to be sent', openDialogText, undefined);
      await vi.waitFor(() => expect(answers(server, '/api/complaints')).toEqual([201]));
      const [complaint, ...others] = await exported(server.dataDir, 'export-complaints');
      expect(others).toEqual([]);
      expect(complaint).toEqual(expect.objectContaining({ channel: 'form' }));
      expect(dialog).toContain(complaintPageTexts.successTitle);
      expect(dialog).toContain(
        fill(complaintPageTexts.successReference, { reference: complaint!.reference! }),
      );
      expect(dialog).toContain(
        fill(complaintPageTexts.successDeadline, { deadline: longPolishDate(complaint!.deadline!) }),
      );
    });

    it('a tier VI statement with an online code', async () => {
      const { server, browser } = running;
      await browser.goto(server.url + VI_ONLINE.path);
      await fillStatement(browser, VI_ONLINE.form);
      expect(await submitStatement(running, 'VI')).toEqual(
        expect.objectContaining({ ...asExported(VI_ONLINE.payload), imageFile: '' }),
      );
    });

    it('a tier III statement with a JPEG photo of the coupon, sent as a smaller PNG', async () => {
      const { server, browser } = running;
      await browser.goto(server.url + III_OFFLINE.path);
      const [type, base64] = (await inPage(browser, drawJpeg, PHOTO)).split(',');
      expect(type).toBe('data:image/jpeg;base64');
      const photoFile = path.join(server.dataDir, 'kupon.jpg');
      fs.writeFileSync(photoFile, Buffer.from(base64!, 'base64'));
      await fillStatement(browser, III_OFFLINE.form);
      await browser.setFile('#root_file', photoFile);
      await waitFor(
        browser,
        "the photo's preview",
        (alt) => document.querySelector(`img[alt="${alt}"]`) !== null,
        statementTexts.photo.preview,
      );
      const stored = await submitStatement(running, 'III');
      expect(stored).toEqual(expect.objectContaining(asExported(III_OFFLINE.payload)));
      const png = PNG.sync.read(fs.readFileSync(stored.imageFile!));
      const size = fitWithin(PHOTO.width, PHOTO.height);
      expect([png.width, png.height]).toEqual([size.width, size.height]);
      // The photo's pixels, not an empty canvas: each half keeps its colour (the JPEG shifts it a little).
      for (const [x, colour] of [
        [png.width / 4, PHOTO.left],
        [(png.width * 3) / 4, PHOTO.right],
      ] as const) {
        const at = ((png.height / 2) * png.width + x) * 4;
        const pixel = [...png.data.subarray(at, at + 3)];
        pixel.forEach((channel, index) => expect(Math.abs(channel - colour[index]!)).toBeLessThan(12));
      }
    });
  });
}
