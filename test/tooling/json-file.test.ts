import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonFileError, parseJsonText, readJsonFile } from '#tooling/json-file.ts';

const FILE = 'schemas/tier-iv.json';

function syntaxError(text: string): JsonFileError {
  try {
    parseJsonText(text, FILE);
  } catch (error) {
    if (error instanceof JsonFileError) return error;
    throw error;
  }
  throw new Error('parsed without an error');
}

const lines = (...rows: string[]) => rows.join('\n');

describe('parseJsonText', () => {
  it('parses valid JSON, with or without a UTF-8 byte order mark', () => {
    expect(parseJsonText('{"a": [1, "ż", true, null]}', FILE)).toEqual({ a: [1, 'ż', true, null] });
    expect(parseJsonText('\uFEFF{"a": 1}', FILE)).toEqual({ a: 1 });
  });

  it.each([
    [
      'trailing comma before }',
      lines('{', '  "id": "IV",', '  "count": 5,', '}'),
      3,
      13,
      'zbędny przecinek przed „}”',
    ],
    [
      'trailing comma before ]',
      lines('{', '  "tiers": [1, 2,', '  ]', '}'),
      2,
      17,
      'zbędny przecinek przed „]”',
    ],
    [
      'missing comma between properties',
      lines('{', '  "id": "IV"', '  "count": 5', '}'),
      2,
      13,
      'brakuje przecinka między polami',
    ],
    ['missing comma between items', '{"tiers": [1 2]}', 1, 13, 'brakuje przecinka między elementami listy'],
    [
      'unquoted property name',
      lines('{', '  count: 5', '}'),
      2,
      3,
      'nazwa pola musi być w cudzysłowie prostym "…"',
    ],
    ['single-quoted property name', "{'count': 5}", 1, 2, 'nazwa pola musi być w cudzysłowie prostym "…"'],
    [
      'single-quoted value',
      '{"id": \'IV\'}',
      1,
      8,
      'tekst musi być w cudzysłowie prostym "…", nie w apostrofach',
    ],
    [
      'unquoted text value',
      '{"city": Warszawa}',
      1,
      10,
      'wartość „Warszawa” musi być w cudzysłowie prostym "…" (bez niego tylko liczby, true, false i null)',
    ],
    ['unterminated string', '{"id": "IV', 1, 8, 'tekst nie jest zamknięty cudzysłowem prostym "'],
    [
      'raw newline inside a string',
      lines('{', '  "label": "Nagroda', '  IV stopnia"', '}'),
      2,
      20,
      'tekst przechodzi do następnego wiersza — brakuje zamykającego " albo nowy wiersz zapisz jako \\n',
    ],
    [
      'raw tab inside a string',
      '{"label": "a\tb"}',
      1,
      13,
      'w tekście jest znak tabulacji — zapisz go jako \\t albo zamień na spację',
    ],
    [
      'other control character inside a string',
      '{"label": "a\u0007b"}',
      1,
      13,
      'w tekście jest niedozwolony znak sterujący U+0007',
    ],
    [
      'invalid escape (a Windows path)',
      '{"file": "C:\\dane"}',
      1,
      13,
      'nieprawidłowy zapis z ukośnikiem „\\” — sam ukośnik zapisuje się jako „\\\\”',
    ],
    [
      'unexpected end of file',
      lines('{', '  "tiers": [', '    1'),
      3,
      6,
      'plik urywa się — brakuje zamknięcia „]” i „}”',
    ],
    ['unexpected end after a property name', '{"id"', 1, 6, 'plik urywa się — brakuje zamknięcia „}”'],
    [
      'text after the end of the JSON value',
      lines('{"id": "IV"}', '}'),
      2,
      1,
      'zbędny tekst po zakończeniu danych JSON',
    ],
    [
      '// comment',
      lines('{', '  // poziom IV', '  "id": "IV"', '}'),
      2,
      3,
      'JSON nie dopuszcza komentarzy — usuń komentarz',
    ],
    ['/* */ comment', '{"id": /* poziom */ "IV"}', 1, 8, 'JSON nie dopuszcza komentarzy — usuń komentarz'],
    [
      'Word quotes around a value',
      '{"id": „IV”}',
      1,
      8,
      'cudzysłów drukarski „, zapewne skopiowany z Worda — JSON wymaga prostego cudzysłowu "',
    ],
    [
      'Word quotes around a property name',
      '{“id”: "IV"}',
      1,
      2,
      'cudzysłów drukarski “, zapewne skopiowany z Worda — JSON wymaga prostego cudzysłowu "',
    ],
    [
      'a Word quote closing a string',
      lines('{', '  "id": "IV”,', '  "count": 5', '}'),
      2,
      12,
      'cudzysłów drukarski ”, zapewne skopiowany z Worda — JSON wymaga prostego cudzysłowu "',
    ],
    [
      'a Word quote closing the last string of the file',
      '{"id": "IV”}',
      1,
      11,
      'cudzysłów drukarski ”, zapewne skopiowany z Worda — JSON wymaga prostego cudzysłowu "',
    ],
    [
      'invalid number',
      '{"count": 05}',
      1,
      11,
      'nieprawidłowa liczba „05” — liczby zapisuje się np. 12, -3 albo 2.5',
    ],
    [
      'decimal comma',
      '{"minimumPurchasePln": 2,5}',
      1,
      26,
      'oczekiwano nazwy pola — liczbę dziesiętną zapisuje się z kropką, np. 2.5',
    ],
    ['missing colon', '{"id" "IV"}', 1, 7, 'po nazwie pola brakuje dwukropka „:”'],
    ['missing value', '{"id": }', 1, 8, 'brakuje wartości'],
    ['mismatched bracket', '{"tiers": [1, 2}', 1, 16, 'brakuje zamknięcia „]” przed „}”'],
    ['generic fallback', '{"id": @}', 1, 8, 'błąd składni JSON — nieoczekiwany znak „@”'],
    [
      'generic fallback for an invisible character (a hard space)',
      '{"id":\u00a0"IV"}',
      1,
      7,
      'błąd składni JSON — nieoczekiwany niewidoczny znak U+00A0',
    ],
  ])('%s', (_case, text, line, column, problem) => {
    const error = syntaxError(text);
    expect(error.message).toBe(`${FILE}, wiersz ${line}, kolumna ${column}: ${problem}.`);
    expect(error).toMatchObject({ file: FILE, line, column, name: 'JsonFileError' });
    expect(error).toBeInstanceOf(Error);
  });

  it.each([
    ['an empty file', ''],
    ['a file with only white space', ' \n\t\r\n'],
    ['a file with only a byte order mark', '\uFEFF'],
  ])('reports %s without a place', (_case, text) => {
    const error = syntaxError(text);
    expect(error.message).toBe(`${FILE}: plik jest pusty — brakuje danych JSON.`);
    expect(error.line).toBeUndefined();
    expect(error.column).toBeUndefined();
  });

  it('counts columns in characters: Polish letters, emoji and a tab count as one each', () => {
    expect(syntaxError('{"opis": "żółć 🎁",\t@}')).toMatchObject({ line: 1, column: 20 });
  });

  it('counts lines with Windows line endings and after a byte order mark', () => {
    expect(syntaxError('\uFEFF{\r\n  "id": "IV",\r\n}')).toMatchObject({ line: 2, column: 13 });
  });

  it('reports the first mistake only', () => {
    expect(syntaxError(lines('{', '  id: 1,', '  "b": 2,', '}')).message).toBe(
      `${FILE}, wiersz 2, kolumna 3: nazwa pola musi być w cudzysłowie prostym "…".`,
    );
  });
});

describe('readJsonFile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json-file-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: string | Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };
  const readError = (file: string, displayName?: string): JsonFileError => {
    try {
      readJsonFile(file, displayName);
    } catch (error) {
      if (error instanceof JsonFileError) return error;
      throw error;
    }
    throw new Error('read without an error');
  };

  it('reads and parses a UTF-8 file, with or without a byte order mark', () => {
    expect(readJsonFile(write('plain.json', '{"miasto": "Łódź"}'))).toEqual({ miasto: 'Łódź' });
    expect(readJsonFile(write('bom.json', '\uFEFF[1]'))).toEqual([1]);
  });

  it('names the file as given, or by its display name', () => {
    const file = write('broken.json', '{"a": 1,}');
    expect(readError(file).message).toBe(`${file}, wiersz 1, kolumna 8: zbędny przecinek przed „}”.`);
    expect(readError(file, FILE)).toMatchObject({
      message: `${FILE}, wiersz 1, kolumna 8: zbędny przecinek przed „}”.`,
      file: FILE,
    });
  });

  it('reports a missing file', () => {
    expect(readError(path.join(dir, 'missing.json'), FILE).message).toBe(
      `${FILE}: nie można odczytać pliku: brak pliku.`,
    );
  });

  it('reports a directory', () => {
    expect(readError(dir, FILE).message).toBe(
      `${FILE}: nie można odczytać pliku: to jest katalog, a nie plik.`,
    );
  });

  it('reports other system errors by their code', () => {
    expect(readError(path.join(dir, 'x'.repeat(300)), FILE).message).toBe(
      `${FILE}: nie można odczytać pliku: błąd systemu (ENAMETOOLONG).`,
    );
  });

  it.skipIf(process.getuid?.() === 0)('reports a file it may not read', () => {
    const file = write('secret.json', '{}');
    fs.chmodSync(file, 0o000);
    expect(readError(file, FILE).message).toBe(
      `${FILE}: nie można odczytać pliku: brak uprawnień do odczytu.`,
    );
  });

  it('reports a file saved in another encoding at the first character that is not UTF-8', () => {
    // "Łódź" in Windows-1250, as Notepad on an older Windows saves it.
    const file = write(
      'cp1250.json',
      Buffer.from([...Buffer.from('{\n  "miasto": "'), 0xa3, 0xf3, 0x64, 0x9f, 0x22, 0x7d]),
    );
    const error = readError(file, FILE);
    const problem = 'plik nie jest zapisany w kodowaniu UTF-8 — zapisz go ponownie jako UTF-8';
    expect(error.message).toBe(`${FILE}, wiersz 2, kolumna 14: ${problem}.`);
    expect(error).toMatchObject({ line: 2, column: 14 });
  });
});
