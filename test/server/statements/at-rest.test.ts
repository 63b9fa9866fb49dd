import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '#server/db/index.ts';
import { openTestApp, postStatement, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { pngChunk as chunk, pngDataUrl, validStatement } from '../helpers/statement-fixtures';
import { storageTargets, testAudit } from '../helpers/storage-targets';
import { importInto, winnersFixture } from '../helpers/winners-fixture';

/** The chunk types of a PNG, in order. */
function chunkTypes(png: Buffer): string[] {
  const types = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    types.push(png.toString('latin1', at + 4, at + 8));
    at += length + 12;
  }
  return types;
}

const SECRET_PLACE = 'GPS 52.2297N 21.0122E';

/** A coupon photo carrying what a phone's camera or an attacker adds: text, EXIF, a private chunk. */
function photoWithMetadata(): string {
  const png = Buffer.from(pngDataUrl(8, 6).split(',')[1]!, 'base64');
  const iend = png.length - 12;
  const extra = [
    chunk('tEXt', Buffer.from(`Comment\0${SECRET_PLACE}`, 'latin1')),
    chunk('iTXt', Buffer.from(`Author\0\0\0\0\0Jan Kowalski`, 'latin1')),
    chunk('eXIf', Buffer.from(`MM\0*${SECRET_PLACE}`, 'latin1')),
    chunk('prVt', Buffer.from('private', 'latin1')),
  ];
  return `data:image/png;base64,${Buffer.concat([png.subarray(0, iend), ...extra, png.subarray(iend)]).toString('base64')}`;
}

describe.each(storageTargets)('what a winner sent, at rest, on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
    await importInto(t, winnersFixture);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps only the pixels of the coupon photo', async () => {
    const response = await postStatement(t, {
      ...validStatement('III', 'T0000000003'),
      image: photoWithMetadata(),
    });
    expect(response.statusCode).toBe(201);
    const out = path.join(t.dataDir, 'export.csv');
    expect((await runOperator(['export-statements', '--out', out], t)).exitCode).toBe(0);
    const [image] = fs.readdirSync(path.join(t.dataDir, 'export-images'));
    const png = fs.readFileSync(path.join(t.dataDir, 'export-images', image!));
    expect(chunkTypes(png).filter((type) => type !== 'IDAT')).toEqual(['IHDR', 'IEND']);
    expect(png.toString('latin1')).not.toContain(SECRET_PLACE);
  });
});

describe('the data folder', () => {
  it('is the server’s alone: the folder 0700, the database files 0600', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-perm-')), 'data');
    const storage = await openStorage({ dataDir, databaseUrl: undefined, audit: testAudit() });
    try {
      await storage.db.insertInto('app_meta').values({ key: 'k', value: 'v' }).execute();
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      const files = fs.readdirSync(dataDir);
      expect(files.length).toBeGreaterThan(1); // the database and its WAL
      for (const file of files) expect(fs.statSync(path.join(dataDir, file)).mode & 0o777).toBe(0o600);
    } finally {
      await storage.close();
    }
  });
});
