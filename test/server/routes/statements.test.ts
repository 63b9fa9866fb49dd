import { sealNote } from '#server/review/view.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '#server/db/index.ts';
import { openTestApp, STATEMENT_ACCEPTED, type TestApp } from '../helpers/app';
import { runOperator } from '../helpers/operator';
import { pngChunk, pngDataUrl, validStatement } from '../helpers/statement-fixtures';
import { storageTargets } from '../helpers/storage-targets';
import { sealerFor } from '#server/statements/period-keys.ts';
import { WINNER_CONTACT, importInto, importLinkHashes, winnersFixture } from '../helpers/winners-fixture';

type Endpoint = 'complete-testimonial' | 'draw-complete-testimonial';

/** A valid 1x1 interlaced PNG (pngjs decodes it, but inflates interlaced data without a size bound). */
function interlacedPng(): string {
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 1]); // 1x1, 8-bit RGBA, Adam7
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.from([0, 10, 20, 30, 255]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe.each(storageTargets)('statements on $name', (target) => {
  let t: TestApp;
  let hashes: Map<string, string>;

  beforeAll(async () => {
    t = await openTestApp(target, { rateLimitMax: 1_000 });
    hashes = await importLinkHashes(t, winnersFixture);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (endpoint: Endpoint, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${endpoint}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  // Statements holding what a winner sent (a purged one keeps only its row).
  const count = async () =>
    (await t.storage.db.selectFrom('statements').select('id').where('secrets', '<>', '').execute()).length;
  const tierIII = () => validStatement('III', 'T0000000003');

  describe('rejections: 4xx with a Polish message, nothing stored', () => {
    const cases: Array<[string, () => unknown, number, RegExp]> = [
      // docs/decisions/security.md#abusive-bodies: more keys than the tier's field set is refused before
      // validation, in one item.
      ['an unknown field', () => ({ ...tierIII(), isAdmin: true }), 400, /^body: .*nieznane pola\.;$/],
      [
        'an unknown field in place of a known one',
        () => ({ ...tierIII(), surName: undefined, isAdmin: true }),
        400,
        /isAdmin/,
      ],
      ['a missing field', () => ({ ...tierIII(), surName: undefined }), 400, /surName/],
      [
        'a number where text belongs (no coercion)',
        () => ({ ...tierIII(), phoneNumber: 600700800 }),
        400,
        /phoneNumber/,
      ],
      [
        'a string where a boolean belongs',
        () => ({ ...tierIII(), lotteryRegulations: 'true' }),
        400,
        /lotteryRegulations/,
      ],
      ['a PESEL with a bad checksum', () => ({ ...tierIII(), pesel: '44051401358' }), 400, /pesel: .+/],
      [
        'an ID card with a bad check digit',
        () => ({ ...tierIII(), identityCardNumber: 'ABA300001' }),
        400,
        /identityCardNumber/,
      ],
      ['a huge string', () => ({ ...tierIII(), name: 'A'.repeat(100_000) }), 400, /name/],
      [
        'HTML in the postal code',
        () => ({ ...tierIII(), address: { ...(tierIII().address as object), postalCode: '<b>0</b>' } }),
        400,
        /postalCode/,
      ],
      ['SQL in the code', () => ({ ...tierIII(), code: "T0' OR 1=1--" }), 400, /code/],
      [
        'a code type that disagrees with the code',
        () => ({ ...tierIII(), codeType: 'ONLINE' }),
        400,
        /codeType/,
      ],
      ['a tier sent to the other endpoint', () => validStatement('IV', 'Z0000000004', 'x'), 400, /type/],
      ['no image for an offline code', () => ({ ...tierIII(), image: null }), 400, /image/],
      [
        'a JPEG instead of a PNG',
        () => ({ ...tierIII(), image: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==' }),
        400,
        /image/,
      ],
      [
        'a PNG header on garbage',
        () => ({ ...tierIII(), image: pngDataUrl().slice(0, 80) + 'A'.repeat(400) }),
        400,
        /image/,
      ],
      ['a PNG over 600x800', () => ({ ...tierIII(), image: pngDataUrl(601, 10) }), 400, /image: .*600/],
      [
        'an interlaced PNG (unbounded to inflate)',
        () => ({ ...tierIII(), image: interlacedPng() }),
        400,
        /image/,
      ],
      [
        'text that is not base64',
        () => ({ ...tierIII(), image: 'data:image/png;base64,!!!!' }),
        400,
        /image/,
      ],
      ['a JSON array', () => [tierIII()], 400, /./],
      ['JSON null', () => 'null', 400, /./],
      ['broken JSON', () => '{"type":"III",', 400, /./],
      ['a prototype-poisoning key', () => `{"__proto__":{"x":1},"type":"III"}`, 400, /./],
      ['a code that did not win', () => ({ ...tierIII(), code: 'Q0000000009' }), 404, /^code: /],
    ];
    it.each(cases)('%s', async (_name, make, status, message) => {
      const response = await post('complete-testimonial', make());
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(response.body).not.toMatch(/at .+\.ts|stack|Error:/);
      expect(await count()).toBe(0);
    });

    it('lists every problem, each as "field: message"', async () => {
      const response = await post('complete-testimonial', {
        ...tierIII(),
        pesel: '44051401358',
        phoneNumber: '12',
      });
      const items = String(response.json().message).split('; ');
      expect(items.map((item) => item.split(':')[0])).toEqual(
        expect.arrayContaining(['pesel', 'phoneNumber']),
      );
      for (const item of items) expect(item).toMatch(/^[\w.]+: \S/);
    });

    it('refuses a hash that belongs to another claim, or a made-up one', async () => {
      const otherHash = hashes.get('C0000000001')!;
      expect(
        (await post('draw-complete-testimonial', validStatement('IV', 'Z0000000004', otherHash))).statusCode,
      ).toBe(404);
      expect(
        (await post('draw-complete-testimonial', validStatement('IV', 'Z0000000004', 'zmyslony-hash')))
          .statusCode,
      ).toBe(404);
      expect(await count()).toBe(0);
    });

    it('answers 415 for anything but JSON and 413 for an oversized body', async () => {
      const plain = await post('complete-testimonial', JSON.stringify(tierIII()), {
        'content-type': 'text/plain',
      });
      expect(plain.statusCode).toBe(415);
      expect(plain.json()).toEqual({
        message: 'body: Nieobsługiwany format danych. Wyślij dane w formacie JSON.;',
      });
      const huge = await post('complete-testimonial', { ...tierIII(), image: 'A'.repeat(4 * 1024 * 1024) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ message: 'body: Przesłane dane są za duże.;' });
      expect(await count()).toBe(0);
    });
  });

  describe('acceptance', () => {
    const accepted: Array<[string, Endpoint, () => Record<string, unknown>]> = [
      [
        'I by hash',
        'draw-complete-testimonial',
        () => validStatement('I', 'C0000000001', hashes.get('C0000000001')!),
      ],
      [
        'II by hash',
        'draw-complete-testimonial',
        () => validStatement('II', 'B0000000005', hashes.get('B0000000005')!),
      ],
      ['III by code', 'complete-testimonial', () => validStatement('III', 'T0000000003')],
      [
        'IV by hash',
        'draw-complete-testimonial',
        () => validStatement('IV', 'Z0000000004', hashes.get('Z0000000004')!),
      ],
      ['VI offline by code', 'complete-testimonial', () => validStatement('VI', 'A1B2C3D4E5F')],
      ['VI online by code', 'complete-testimonial', () => validStatement('VI', 'E1B2C3D4E5F')],
      [
        'winTo by hash',
        'draw-complete-testimonial',
        () => validStatement('WINTO', 'W0000000002', hashes.get('W0000000002')!),
      ],
    ];
    it.each(accepted)('stores tier %s once; a second one is 409', async (_name, endpoint, make) => {
      const before = await count();
      const first = await post(endpoint, make());
      expect(first.json()).toEqual(STATEMENT_ACCEPTED);
      expect(first.statusCode).toBe(201);
      const again = await post(endpoint, make());
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/^\w+: .*już przesłane/);
      expect(await count()).toBe(before + 1);
    });

    // docs/decisions/storage.md#sealed-statements: everything a winner sent, not only the identity numbers.
    const SENT = [
      '44051401359',
      'ABA300000',
      '61109010140000071219812874',
      'Kowalski',
      'jan.kowalski@example.com',
      '600700800',
      'Kraków',
      'polskie',
      '1234567890123456789',
      'lotteryRegulations',
      'iVBORw0KGgo', // a PNG as base64
    ];

    it('keeps everything the winner sent, and the hash, out of the database in plain text', async () => {
      const dump = JSON.stringify(await t.storage.db.selectFrom('statements').selectAll().execute());
      for (const secret of [...SENT, hashes.get('C0000000001')!]) expect(dump).not.toContain(secret);
      expect(dump).toContain('T0000000003'); // the code stays: it finds the claim
      if (target.name === 'sqlite') {
        const files = fs.readdirSync(t.dataDir).filter((name) => name.startsWith(SQLITE_FILE_NAME));
        // Read by another process: closing a descriptor of the database file in this process would drop
        // SQLite's POSIX locks (and let another process delete the live WAL).
        const raw = execFileSync(
          'cat',
          files.map((name) => path.join(t.dataDir, name)),
          // The WAL alone outgrows execFileSync's default 1 MB buffer.
          { maxBuffer: 256 * 1024 * 1024 },
        ).toString('latin1');
        expect(raw).toContain('T0000000003');
        for (const secret of SENT) expect(raw).not.toContain(secret);
      }
    });

    it('never logs personal data, hashes or bodies', () => {
      const logs = t.logs.join('');
      expect(logs).toContain('statement stored');
      for (const secret of [
        '44051401359',
        'Kowalski',
        'jan.kowalski@example.com',
        hashes.get('C0000000001')!,
      ]) {
        expect(logs).not.toContain(secret);
      }
    });

    it('export-statements decrypts every statement for the operator', async () => {
      const out = path.join(t.dataDir, 'statements.csv');
      const run = await runOperator(['export-statements', '--out', out], t);
      expect(run.stderr).toBe('');
      expect(run.lines).toEqual([{ out, statements: 7 }]);
      const csv = fs.readFileSync(out, 'utf8');
      expect(csv).toContain('44051401359');
      expect(csv).toContain('PL61109010140000071219812874');
      expect(csv.trim().split('\r\n')).toHaveLength(8);
      // each row carries the reference its winner was given, for the phone
      expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFid,reference,createdAt,/);
      const references = await t.storage.db.selectFrom('statements').select('reference').execute();
      for (const { reference } of references) expect(csv).toContain(`,${reference},`);
      const images = fs.readdirSync(path.join(t.dataDir, 'statements-images'));
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        const bytes = fs.readFileSync(path.join(t.dataDir, 'statements-images', image));
        expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        expect(csv).toContain(image);
      }
      const wrongKey = await runOperator(['export-statements', '--out', out], t, {
        STATEMENTS_KEY: 'ab'.repeat(32),
      });
      expect(wrongKey.exitCode).toBe(1);
      expect(wrongKey.stderr).toMatch(/STATEMENTS_KEY nie pasuje do klucza/);
    });

    it('retention-run empties the statements rejected for good once their day came; their claims stay answered', async () => {
      const early = await runOperator(['retention-run', '--on', '2026-09-04', '--apply'], t);
      expect(early.lines).toEqual([{ run: expect.any(String), purged: 0, held: 0 }]);
      // docs/decisions/review.md: a review's internal note and the statements' marks go with the data.
      const reviewed = await t.storage.db
        .selectFrom('statements')
        .select(['id', 'claim_id', 'reference'])
        .where('code', '=', 'T0000000003')
        .executeTakeFirstOrThrow();
      // Every statement here rejected for good (the one reviewed with an internal note).
      const all = await t.storage.db.selectFrom('statements').select(['id', 'claim_id', 'tier']).execute();
      const sealer = await sealerFor(t.storage, 'open');
      await t.storage.db
        .insertInto('reviews')
        .values(
          all.map((row) => ({
            statement_id: row.id,
            claim_id: row.claim_id,
            tier: row.tier,
            state: 'rejected',
            reviewer_id: 'r',
            taken_at: '2025-07-01T08:00:00.000Z',
            final_at: '2025-07-02T08:00:00.000Z',
            undo_until: '2025-07-02T09:00:00.000Z',
            note:
              row.id === reviewed.id
                ? sealNote(sealer, reviewed.id, 'note', 'Kowalski, ten sam PESEL co wcześniej')
                : null,
          })) as never,
        )
        .execute();
      const marks = () =>
        t.storage.db
          .selectFrom('statement_marks')
          .selectAll()
          .where('statement_id', '=', reviewed.id)
          .execute();
      expect((await marks()).length).toBeGreaterThan(0);
      // docs/decisions/retention.md#never-issued: 6 months after the lottery's end (4 March 2026).
      const plan = await runOperator(['retention-plan', '--reference', reviewed.reference!], t);
      expect(plan.lines).toEqual([
        {
          reference: reviewed.reference,
          purgeOn: '2026-09-05',
          because: expect.stringContaining('nie wydano'),
          held: false,
        },
      ]);
      // On that day of the campaign clock: a later day than today is refused (issue 51).
      const purge = await runOperator(['retention-run', '--on', '2031-01-01', '--apply'], t, {
        CAMPAIGN_NOW: '2031-01-01T12:00:00+01:00',
      });
      expect(purge.lines).toEqual([{ run: expect.any(String), purged: expect.any(Number), held: 0 }]);
      expect(purge.lines[0]!.purged).toBeGreaterThanOrEqual(7);
      expect(await marks()).toEqual([]);
      const reviews = await t.storage.db.selectFrom('reviews').select(['state', 'note']).execute();
      expect(reviews.every((review) => review.state === 'rejected' && review.note === null)).toBe(true);
      expect(await count()).toBe(0);
      // a purged claim stays answered, also once the same winners are imported again
      await importInto(t, winnersFixture);
      const again = await post('complete-testimonial', validStatement('III', 'T0000000003'));
      expect(again.statusCode).toBe(409);
      const row = await t.storage.db
        .selectFrom('statements')
        .selectAll()
        .where('id', '=', reviewed.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ payload: '', secrets: '', image: null, reference: reviewed.reference });
      // docs/decisions/mail.md#addresses: no mail is due to that claim any more: its e-mail is gone
      const sealed = [
        ...(await t.storage.db
          .selectFrom('claims')
          .select('email_sealed as sealed')
          .where('id', '=', reviewed.claim_id)
          .execute()),
        ...(await t.storage.db
          .selectFrom('outbox')
          .select('sealed')
          .where('claim_id', '=', reviewed.claim_id)
          .execute()),
      ];
      expect(sealed.length).toBeGreaterThan(1);
      expect(sealed.every((row) => row.sealed === null)).toBe(true);
    });
  });

  it('of concurrent submissions for one claim, stores exactly one', async () => {
    const payload = validStatement('V', 'V0000000006', null);
    const { lines } = await importInto(t, {
      instant: [{ date: '2025-07-03', code: 'V0000000006', award: 'APARAT', userPublish: 'Wiktor V.' }],
      draws: [],
    });
    payload.hash = new URLSearchParams(lines[0]!.link.split('?')[1]).get('hash');
    const statuses = (
      await Promise.all(Array.from({ length: 8 }, () => post('draw-complete-testimonial', payload)))
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect(await count()).toBe(1);
  });

  it('refuses HTML and SQL typed into free-text fields, storing nothing, then takes the clean statement', async () => {
    await importInto(t, {
      instant: [
        {
          date: '2025-07-03',
          code: 'S0000000007',
          award: 'KASA_200',
          userPublish: 'Sara S.',
          ...WINNER_CONTACT,
        },
      ],
      draws: [],
    });
    const refused = await post('complete-testimonial', {
      ...validStatement('VI', 'S0000000007'),
      name: '<script>alert(1)</script>',
      surName: "Robert'); DROP TABLE statements;--",
      email: "x'--@example.pl;",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'name: Pole zawiera niedozwolone znaki.; surName: Pole zawiera niedozwolone znaki.; email: E-mail jest nieprawidłowy.',
    );
    expect(await count()).toBe(1);
    expect((await post('complete-testimonial', validStatement('VI', 'S0000000007'))).statusCode).toBe(201);
    expect(await count()).toBe(2);
  });

  it("reopen-claim rejects a claim's statement, keeping it as evidence, so the winner can send one again", async () => {
    const run = await runOperator(['reopen-claim', 'S0000000007', 'VI'], t);
    expect(run.stderr).toBe('');
    expect(run.lines).toEqual([{ code: 'S0000000007', tier: 'VI', rejected: 1 }]);
    expect(await count()).toBe(1);
    const evidence = await t.storage.db.selectFrom('rejected_statements').selectAll().execute();
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({ code: 'S0000000007', tier: 'VI' });
    expect(evidence[0]!.secrets).not.toBe('');
    expect((await post('complete-testimonial', validStatement('VI', 'S0000000007'))).statusCode).toBe(201);
    const unknown = await runOperator(['reopen-claim', 'S0000000007', 'III'], t);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(/brak zgłoszenia/);
  });
});

describe('statement rate limit', () => {
  it('answers 429 once an address has used its requests', async () => {
    const t = await openTestApp(storageTargets[0]!, { rateLimitMax: 2 });
    try {
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/complete-testimonial',
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        });
      expect((await send()).statusCode).toBe(400);
      expect((await send()).statusCode).toBe(400);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: 'body: Zbyt wiele prób. Spróbuj ponownie za chwilę.;' });
    } finally {
      await t.close();
    }
  });
});
