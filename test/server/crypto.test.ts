import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { KeyError, decryptText, encryptText, loadStatementsKey } from '../../src/server/crypto';
import { sealStatement, unsealStatement } from '../../src/server/statements/sealed';

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
    const script = `import { loadStatementsKey } from './src/server/crypto.ts';
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

  it('seals the secret fields bound to their claim: moved to another claim, they do not decrypt', () => {
    const key = randomBytes(32);
    const payload = {
      name: 'Jan',
      pesel: '44051401359',
      iban: 'PL61109010140000071219812874',
      hash: 'h',
      image: null,
    };
    const sealed = sealStatement(key, 'claim-1', payload);
    expect(`${sealed.payload}${sealed.secrets}`).not.toMatch(/44051401359|61109010140000071219812874|"hash"/);
    expect(unsealStatement(key, 'claim-1', sealed)).toEqual({
      name: 'Jan',
      pesel: '44051401359',
      iban: 'PL61109010140000071219812874',
    });
    expect(() => unsealStatement(key, 'claim-2', sealed)).toThrow(KeyError);
    expect(() => decryptText(randomBytes(32), encryptText(key, 'x', 'c'), 'c')).toThrow(KeyError);
  });
});
