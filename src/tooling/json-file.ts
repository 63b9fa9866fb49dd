import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';

// schemas/*.json and src/content/*.json are edited by non-developers: a mistake must come back as one
// Polish sentence with the file and the place, never as a stack trace or V8's English parser message.

/** A JSON file that cannot be read or parsed; `message` is the complete Polish sentence. */
export class JsonFileError extends Error {
  override name = 'JsonFileError';
  readonly line?: number;
  readonly column?: number;

  constructor(
    readonly file: string,
    problem: string,
    place?: { line: number; column: number },
  ) {
    super(`${place ? `${file}, wiersz ${place.line}, kolumna ${place.column}` : file}: ${problem}.`);
    this.line = place?.line;
    this.column = place?.column;
  }
}

/** Parses JSON text; on a syntax error throws a JsonFileError naming the line, column and the mistake. */
export function parseJsonText(text: string, file: string): unknown {
  // Windows Notepad saves UTF-8 with a byte order mark; it is not part of the JSON.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch {
    // V8's messages differ between Node versions and are English: find the mistake ourselves.
    findSyntaxError(body, file);
    // Safety net: the scanner accepts exactly what JSON.parse accepts, so this is not expected.
    throw new JsonFileError(file, 'błąd składni JSON');
  }
}

/** Reads a UTF-8 JSON file; every failure is a JsonFileError naming `displayName`. */
export function readJsonFile(path: string, displayName = path): unknown {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new JsonFileError(displayName, `nie można odczytać pliku: ${readFailure(error)}`);
  }
  const text = bytes.toString('utf8');
  // A file saved as Windows-1250 or UTF-16 would otherwise turn Polish letters into "�" silently.
  if (!isUtf8(bytes)) {
    throw new JsonFileError(
      displayName,
      'plik nie jest zapisany w kodowaniu UTF-8 — zapisz go ponownie jako UTF-8',
      placeOf(text, text.indexOf('\uFFFD')),
    );
  }
  return parseJsonText(text, displayName);
}

function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'brak pliku';
  if (code === 'EISDIR') return 'to jest katalog, a nie plik';
  if (code === 'EACCES' || code === 'EPERM') return 'brak uprawnień do odczytu';
  return `błąd systemu (${code ?? String(error)})`;
}

/** 1-based line and column; the column counts characters (code points), a tab counts as one. */
function placeOf(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: [...before.slice(lineStart)].length + 1 };
}

const TYPOGRAPHIC_QUOTES = '„”“';
const VALUE_START = /["'„”“{[\-+.\d\p{L}_$]/u;
const WORD = /[\p{L}_$][\p{L}\p{N}_$]*/uy;
const NUMBER_LIKE = /[-+.\deE]+/y;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const ESCAPE = /\\(?:["\\/bfnrt]|u[\dA-Fa-f]{4})/y;
// A string that runs past its line often ends with a Word quote where the straight one should be.
const TYPOGRAPHIC_CLOSE = /[„”“][ \t,}\]]*$/;

const wordQuote = (quote: string) =>
  `cudzysłów drukarski ${quote}, zapewne skopiowany z Worda — JSON wymaga prostego cudzysłowu "`;

const codeOf = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Recursive descent over the JSON grammar; throws a JsonFileError at the first mistake. */
function findSyntaxError(text: string, file: string): void {
  if (/^[ \t\n\r]*$/.test(text)) throw new JsonFileError(file, 'plik jest pusty — brakuje danych JSON');
  let pos = 0;
  const closers: string[] = []; // of the objects and lists still open, innermost last

  function fail(problem: string, at = pos): never {
    throw new JsonFileError(file, problem, placeOf(text, at));
  }

  function skipSpace(): void {
    for (; pos < text.length; pos++) {
      const char = text[pos]!;
      if (char === '/' && (text[pos + 1] === '/' || text[pos + 1] === '*')) {
        fail('JSON nie dopuszcza komentarzy — usuń komentarz');
      }
      if (!' \t\n\r'.includes(char)) return;
    }
  }

  /** The next significant character; the end of the file here means something is left open. */
  function next(): string {
    skipSpace();
    const char = text[pos];
    if (char === undefined) {
      const missing = closers.toReversed().map((closer) => `„${closer}”`);
      fail(`plik urywa się — brakuje zamknięcia ${missing.join(' i ')}`);
    }
    return char;
  }

  function unexpected(): never {
    const char = String.fromCodePoint(text.codePointAt(pos)!);
    const what = /[\s\p{C}]/u.test(char) ? `niewidoczny znak ${codeOf(char)}` : `znak „${char}”`;
    fail(`błąd składni JSON — nieoczekiwany ${what}`);
  }

  function string(): void {
    const start = pos++;
    for (;;) {
      const char = text[pos];
      if (char === '"') {
        pos++;
        return;
      }
      if (char === undefined || char === '\n' || char === '\r') {
        const typographic = TYPOGRAPHIC_CLOSE.exec(text.slice(start + 1, pos));
        if (typographic) fail(wordQuote(typographic[0][0]!), start + 1 + typographic.index);
        if (char === undefined) fail('tekst nie jest zamknięty cudzysłowem prostym "', start);
        fail(
          'tekst przechodzi do następnego wiersza — brakuje zamykającego " albo nowy wiersz zapisz jako \\n',
        );
      }
      if (char === '\t') fail('w tekście jest znak tabulacji — zapisz go jako \\t albo zamień na spację');
      if (char < ' ') fail(`w tekście jest niedozwolony znak sterujący ${codeOf(char)}`);
      if (char === '\\') {
        ESCAPE.lastIndex = pos;
        if (!ESCAPE.test(text)) {
          fail('nieprawidłowy zapis z ukośnikiem „\\” — sam ukośnik zapisuje się jako „\\\\”');
        }
        pos = ESCAPE.lastIndex;
      } else {
        pos++;
      }
    }
  }

  function number(): void {
    NUMBER_LIKE.lastIndex = pos;
    NUMBER_LIKE.test(text);
    const token = text.slice(pos, NUMBER_LIKE.lastIndex);
    if (!NUMBER.test(token)) {
      fail(`nieprawidłowa liczba „${token}” — liczby zapisuje się np. 12, -3 albo 2.5`);
    }
    pos = NUMBER_LIKE.lastIndex;
  }

  function word(): void {
    WORD.lastIndex = pos;
    WORD.test(text);
    const token = text.slice(pos, WORD.lastIndex);
    if (token !== 'true' && token !== 'false' && token !== 'null') {
      fail(
        `wartość „${token}” musi być w cudzysłowie prostym "…" (bez niego tylko liczby, true, false i null)`,
      );
    }
    pos = WORD.lastIndex;
  }

  /** An object or a list: members separated by commas, with the mistakes people make around them. */
  function container(closer: '}' | ']', member: () => void, between: string): void {
    closers.push(closer);
    pos++;
    if (next() !== closer) {
      for (;;) {
        member();
        const memberEnd = pos;
        const char = next();
        if (char === closer) break;
        if (char === '}' || char === ']') fail(`brakuje zamknięcia „${closer}” przed „${char}”`);
        if (char !== ',') {
          if (VALUE_START.test(char)) fail(`brakuje przecinka między ${between}`, memberEnd);
          unexpected();
        }
        const comma = pos++;
        if (next() === closer) fail(`zbędny przecinek przed „${closer}”`, comma);
      }
    }
    pos++;
    closers.pop();
  }

  function property(): void {
    const char = next();
    if (TYPOGRAPHIC_QUOTES.includes(char)) fail(wordQuote(char));
    if (char === "'" || /[\p{L}_$]/u.test(char)) fail('nazwa pola musi być w cudzysłowie prostym "…"');
    // `"kwota": 2,5` reaches here at the 5: a decimal comma.
    if (/\d/.test(char)) fail('oczekiwano nazwy pola — liczbę dziesiętną zapisuje się z kropką, np. 2.5');
    if (char !== '"') unexpected();
    string();
    if (next() !== ':') fail('po nazwie pola brakuje dwukropka „:”');
    pos++;
    value();
  }

  function value(): void {
    const char = next();
    if (char === '{') container('}', property, 'polami');
    else if (char === '[') container(']', value, 'elementami listy');
    else if (char === '"') string();
    else if (/[-+.\d]/.test(char)) number();
    else if (/[\p{L}_$]/u.test(char)) word();
    else if (TYPOGRAPHIC_QUOTES.includes(char)) fail(wordQuote(char));
    else if (char === "'") fail('tekst musi być w cudzysłowie prostym "…", nie w apostrofach');
    else if (char === ',' || char === '}' || char === ']') fail('brakuje wartości');
    else unexpected();
  }

  value();
  skipSpace();
  if (pos < text.length) fail('zbędny tekst po zakończeniu danych JSON');
}
