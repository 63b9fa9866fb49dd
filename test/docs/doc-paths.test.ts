import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The maps must match the tree: every repository path the docs name, and every docs/… link a code comment
// gives, must exist (with its #anchor, for a link into a Markdown file). A newcomer follows these first.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Top-level folders a path written from the repository's root starts with (generated ones are not). */
const ROOTS = ['src', 'test', 'docs', 'schemas', 'scripts', 'widgets', 'public', '.ci'];
/** Where code comments live. */
const CODE_FOLDERS = ['src', 'test', 'widgets', 'scripts', 'schemas'];
const CODE_FILE = /\.(ts|tsx|mjs|js|json)$/;

function walk(folder: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : walk(file, keep);
    return keep(file) ? [file] : [];
  });
}

const DOCS = [
  'README.md',
  ...walk('docs', (file) => file.endsWith('.md')),
  'src/content/README.md',
  'schemas/README.md',
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = new Map<string, Set<string>>();
/** The anchors of a Markdown file: its headings' (repeats get -1, -2, …) and its `<a id="…">`s. */
function anchors(file: string): Set<string> {
  let found = anchorsOf.get(file);
  if (!found) {
    found = new Set();
    const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
      const base = slug(heading!);
      let anchor = base;
      for (let repeat = 1; found.has(anchor); repeat += 1) anchor = `${base}-${repeat}`;
      found.add(anchor);
    }
    for (const [, id] of text.matchAll(/<a id="([^"]+)"/g)) found.add(id!);
    anchorsOf.set(file, found);
  }
  return found;
}

/** Why a repository path (relative to the root, maybe with a #anchor) does not resolve; undefined if it does. */
function problem(target: string): string | undefined {
  const [file = '', anchor] = target.split('#');
  const clean = file.replace(/\/$/, '');
  if (clean.includes('*')) {
    // A glob in the last part only (`schemas/tier-*.json`): at least one file must match.
    const folder = path.posix.dirname(clean);
    const pattern = new RegExp(`^${path.posix.basename(clean).replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
    const exists = fs.existsSync(path.join(root, folder));
    return exists && fs.readdirSync(path.join(root, folder)).some((name) => pattern.test(name))
      ? undefined
      : `${file} matches nothing`;
  }
  if (clean !== '' && !fs.existsSync(path.join(root, clean))) return `${file} does not exist`;
  if (anchor !== undefined && clean.endsWith('.md') && !anchors(clean).has(anchor)) {
    return `${file} has no heading or anchor #${anchor}`;
  }
  return undefined;
}

/** The name of every file in the tree, for the docs that name a file by its name alone (`schema-check.ts`). */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'dist-server', 'data', '.tmp']);
const FILE_NAMES = new Set(
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.split(path.sep).some((part) => SKIPPED.has(part)))
    .map((entry) => entry.name),
);

/** A code span that is a source file's name alone: it must be the name of a file somewhere in the tree. */
const bareFileName = (code: string) => /^[\w-][\w.-]*\.(ts|tsx|mjs|json|css)$/.test(code);

/** A code span that names a repository path from the root: `src/server/app.ts`, `docs/decisions/`. */
function rootPath(code: string): string | undefined {
  if (!/^\.?[\w-]+(\/[\w.*@-]+)*\/?(#[\w-]+)?$/.test(code)) return undefined;
  return ROOTS.includes(code.split('/')[0]!) && code.includes('/') ? code : undefined;
}

interface Named {
  where: string;
  target: string;
  /** A file named by its name alone, wherever it is. */
  byName?: boolean;
}

/** Every path a doc names: its links (relative to the doc), its code spans and its plain code blocks' entries. */
function namedInDoc(doc: string): Named[] {
  const named: Named[] = [];
  let fence: string | undefined;
  fs.readFileSync(path.join(root, doc), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const where = `${doc}:${index + 1}`;
      const opening = /^```(\w*)/.exec(line);
      if (opening) {
        fence = fence === undefined ? opening[1] : undefined;
        return;
      }
      if (fence !== undefined) {
        // A plain block is a map of the tree (the README's Layout): its lines start with a folder or file.
        const entry = fence === '' ? rootPath(line.split(/\s+/)[0] ?? '') : undefined;
        if (entry) named.push({ where, target: entry });
        return;
      }
      for (const [, link] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(link!)) continue;
        const [file, anchor] = link!.split('#');
        const resolved = file ? path.posix.join(path.posix.dirname(doc), file) : doc;
        named.push({ where, target: anchor === undefined ? resolved : `${resolved}#${anchor}` });
      }
      for (const [, code] of line.matchAll(/`([^`]+)`/g)) {
        const target = rootPath(code!);
        if (target) named.push({ where, target });
        else if (bareFileName(code!)) named.push({ where, target: code!, byName: true });
      }
    });
  return named;
}

/** Every docs/… Markdown file a code comment names, with its anchor, and every README.md#… one. */
function namedInCode(file: string): Named[] {
  return fs
    .readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(/\bdocs\/[\w/.-]+\.md(#[\w-]+)?|(?<![\w/])README\.md#[\w-]+/g)].map(([target]) => ({
        where: `${file}:${index + 1}`,
        target,
      })),
    );
}

const missing = (named: Named[]) =>
  named.flatMap(({ where, target, byName }) => {
    const why = byName
      ? FILE_NAMES.has(target)
        ? undefined
        : `${target} is the name of no file in the tree`
      : problem(target);
    return why ? [`${where}: ${why}`] : [];
  });

describe('paths the docs name', () => {
  it('every doc this test reads exists', () => {
    expect(DOCS.filter((doc) => !fs.existsSync(path.join(root, doc)))).toEqual([]);
  });

  it.each(DOCS)('%s names only paths that exist', (doc) => {
    expect(missing(namedInDoc(doc))).toEqual([]);
  });

  it("code comments' docs/… and README.md# links exist, with their anchors", () => {
    const files = CODE_FOLDERS.flatMap((folder) => walk(folder, (file) => CODE_FILE.test(file)));
    const rootFiles = fs.readdirSync(root).filter((name) => /\.(ts|js)$/.test(name));
    expect(missing([...files, ...rootFiles].flatMap(namedInCode))).toEqual([]);
  });
});
