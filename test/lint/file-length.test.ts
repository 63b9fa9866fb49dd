import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md, house style: no hand-written file over 500 lines. A longer one has more than one concern:
// split it into cohesive modules (a test file by its describe blocks). Content and data files (JSON, SVG) are
// not code; the generated statement files are written by `npm run schemas:generate`.
const MAX_LINES = 500;
const root = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'scripts', 'widgets', 'test'];
const CODE = /\.(ts|tsx|js|mjs|cjs|css)$/;
const GENERATED = 'src/shared/statement/generated/';

function codeFiles(folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : codeFiles(file);
    return CODE.test(entry.name) && !file.startsWith(GENERATED) ? [file] : [];
  });
}

const lineCount = (file: string) =>
  fs.readFileSync(path.join(root, file), 'utf8').trimEnd().split('\n').length;

describe('file length', () => {
  const lengths = new Map(FOLDERS.flatMap(codeFiles).map((file) => [file, lineCount(file)]));

  it(`keeps every hand-written file at ${MAX_LINES} lines or fewer`, () => {
    const long = [...lengths].filter(([, lines]) => lines > MAX_LINES);
    expect(long.map(([file, lines]) => `${file}: ${lines} lines: split it into cohesive modules`)).toEqual(
      [],
    );
  });
});
