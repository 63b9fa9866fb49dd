import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  encryptBytes,
  KeyError,
  decryptText,
  encryptText,
  keyId,
  loadAuditKey,
  loadStatementsKey,
} from '#server/crypto/encryption.ts';
import { sealStatement, unsealStatement } from '#server/statements/sealed.ts';
import { runOperator } from '../helpers/operator';

describe('statements encryption', () => {
  it('creates the key file once, mode 0600, and reuses it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-key-'));
    const first = loadStatementsKey({ dataDir, create: true });
    expect(first.createdFile).toBe(path.join(dataDir, 'statements.key'));
    expect(fs.statSync(first.createdFile!).mode & 0o777).toBe(0o600);
    const second = loadStatementsKey({ dataDir, create: true });
    expect(second.createdFile).toBeUndefined();
    expect(second.key.equals(first.key)).toBe(true);
  });

  it('gives processes starting together one key, and leaves no partial file behind', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-key-'));
    const script = `import { loadStatementsKey } from './src/server/crypto/encryption.ts';
      console.log(loadStatementsKey({ dataDir: ${JSON.stringify(dataDir)}, create: true }).key.toString('hex'));`;
    const run = () => promisify(execFile)('node', ['--import', 'tsx', '--input-type=module', '-e', script]);
    const keys = (await Promise.all([run(), run(), run(), run()])).map(({ stdout }) => stdout.trim());
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readdirSync(dataDir)).toEqual(['statements.key']);
  });

  it('prefers STATEMENTS_KEY and refuses a key of the wrong size', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-key-'));
    const hex = randomBytes(32).toString('hex');
    expect(loadStatementsKey({ statementsKey: hex, dataDir, create: true }).key.toString('hex')).toBe(hex);
    expect(fs.existsSync(path.join(dataDir, 'statements.key'))).toBe(false);
    expect(() => loadStatementsKey({ statementsKey: 'krotki', dataDir, create: true })).toThrow(KeyError);
    expect(() => loadStatementsKey({ dataDir, create: false })).toThrow(KeyError);
  });

  it('seals every field bound to its claim: moved to another claim, it does not decrypt', () => {
    const key = randomBytes(32);
    const payload = {
      name: 'Jan',
      pesel: '44051401359',
      iban: 'PL61109010140000071219812874',
      hash: 'h',
      image: null,
    };
    const sealed = sealStatement(
      { seal: (plain, context) => encryptBytes(key, plain, context) },
      'claim-1',
      payload,
    );
    expect(sealed.secrets).not.toMatch(/Jan|44051401359|61109010140000071219812874|"hash"/);
    expect(unsealStatement([key], 'claim-1', sealed)).toEqual({
      name: 'Jan',
      pesel: '44051401359',
      iban: 'PL61109010140000071219812874',
    });
    expect(() => unsealStatement([key], 'claim-2', sealed)).toThrow(KeyError);
    expect(() => decryptText([randomBytes(32)], encryptText(key, 'x', 'c'), 'c')).toThrow(KeyError);
  });

  it('names the key in every sealed value and opens it with that key among several', () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const sealed = encryptText(oldKey, 'dane', 'c');
    expect(sealed.startsWith(`v2.${keyId(oldKey)}.`)).toBe(true);
    expect(decryptText([newKey, oldKey], sealed, 'c')).toBe('dane');
    expect(() => decryptText([newKey], sealed, 'c')).toThrow(
      /kluczem [0-9a-f]{16}.*STATEMENTS_PREVIOUS_KEYS/,
    );
  });

  it('accepts only full 16-byte authentication tags', () => {
    const key = randomBytes(32);
    const [format, id, data] = encryptText(key, 'dane', 'c').split('.') as [string, string, string];
    const bytes = Buffer.from(data, 'base64url');
    // GCM without a fixed tag length would check a 4-byte tag: 2^32 tries forge one.
    for (const tagBytes of [4, 8, 12]) {
      const cut = Buffer.concat([bytes.subarray(0, 12 + tagBytes), bytes.subarray(28)]);
      expect(() => decryptText([key], `${format}.${id}.${cut.toString('base64url')}`, 'c')).toThrow(KeyError);
    }
    expect(decryptText([key], `${format}.${id}.${data}`, 'c')).toBe('dane');
  });

  it('gives every sealed value an IV of its own, across the refills of the random bytes they come from', () => {
    const key = randomBytes(32);
    // Three pools' worth (256 IVs each): the IV is the sealed value's first 12 bytes.
    const sealed = Array.from({ length: 800 }, () => encryptText(key, 'dane', 'c'));
    const ivs = sealed.map((value) =>
      Buffer.from(value.split('.')[2]!, 'base64url').subarray(0, 12).toString('hex'),
    );
    expect(new Set(ivs).size).toBe(sealed.length);
    expect(sealed.every((value) => decryptText([key], value, 'c') === 'dane')).toBe(true);
  });

  it('requires STATEMENTS_KEY with DATABASE_URL: several servers would each make their own key file', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-key-'));
    expect(() => loadStatementsKey({ dataDir, databaseUrl: 'postgres://db/loteria', create: true })).toThrow(
      /DATABASE_URL ustaw STATEMENTS_KEY/,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

// docs/decisions/staff.md#keyed-chain: the audit trail's key, kept outside the database as the statements key is.
describe('the audit trail key', () => {
  it('is a key file of its own beside the statements key, made once, mode 0600, or AUDIT_KEY', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-key-'));
    const statements = loadStatementsKey({ dataDir, create: true });
    const first = loadAuditKey({ dataDir, create: true });
    expect(first.createdFile).toBe(path.join(dataDir, 'audit.key'));
    expect(fs.statSync(first.createdFile!).mode & 0o777).toBe(0o600);
    expect(first.key.equals(statements.key)).toBe(false);
    const second = loadAuditKey({ dataDir, create: true });
    expect(second.createdFile).toBeUndefined();
    expect(second.key.equals(first.key)).toBe(true);

    const hex = randomBytes(32).toString('hex');
    expect(loadAuditKey({ auditKey: hex, dataDir, create: true })).toEqual({
      key: Buffer.from(hex, 'hex'),
      source: 'AUDIT_KEY',
    });
    expect(() => loadAuditKey({ auditKey: 'krotki', dataDir, create: true })).toThrow(
      /^AUDIT_KEY musi zawierać 32 bajty jako 64 cyfry szesnastkowe lub base64/,
    );
  });

  it('requires AUDIT_KEY with DATABASE_URL: several servers would each make their own key file', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-key-'));
    expect(() => loadAuditKey({ dataDir, databaseUrl: 'postgres://db/loteria', create: true })).toThrow(
      /DATABASE_URL ustaw AUDIT_KEY/,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('is made by the first start and said once; a bad one stops the start in Polish', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loteria-key-'));
    const where = { dataDir, databaseUrl: undefined };
    const first = await runOperator(['audit-verify'], where);
    expect(first.exitCode).toBe(0);
    expect(first.stderr).toContain(
      `Utworzono plik klucza dziennika zdarzeń ${path.join(dataDir, 'audit.key')} — zrób jego kopię zapasową (nie razem z kopiami bazy)`,
    );
    expect((await runOperator(['audit-verify'], where)).stderr).not.toContain('Utworzono');
    const bad = await runOperator(['audit-verify'], where, { AUDIT_KEY: 'krotki' });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/^Błąd klucza dziennika zdarzeń: AUDIT_KEY musi zawierać 32 bajty/);
  });
});
