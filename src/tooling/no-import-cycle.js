// The lint rule behind "no two modules import each other" (eslint.config.js), however long the way round.
// A small local rule rather than eslint-plugin-import-x's no-cycle: that plugin's resolver package runs an
// install script, and its walk of the graph costs more than the rest of the lint. Type-only imports count
// too: a cycle of types is still two modules that cannot be understood, moved or tested apart.
import fs from 'node:fs';
import path from 'node:path';

/** The folders whose modules make the graph. */
const ROOTS = ['src', 'widgets', 'scripts'];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];
// Every `from '…'`, `import '…'` and `import('…')`. A regular expression, not a parser: reading the whole
// graph once costs a few milliseconds; a specifier it finds in a comment resolves to no module or to a real one.
const SPECIFIER = /\bfrom\s*['"]([^'"\n]+)['"]|\bimport\s*\(?\s*['"]([^'"\n]+)['"]/g;

const isFile = (file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** Resolves a relative or package.json `imports` (#alias/…) specifier to a file, as TypeScript does. */
function resolverFor(root) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const aliases = Object.entries(manifest.imports ?? {}).map(([from, to]) => [from.replace(/\*$/, ''), to]);
  return (specifier, importer) => {
    let base;
    if (specifier.startsWith('.')) base = path.resolve(path.dirname(importer), specifier);
    else {
      const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
      if (!alias) return undefined;
      base = path.join(root, alias[1].replace('*', specifier.slice(alias[0].length)));
    }
    return [base, ...EXTENSIONS.map((extension) => base + extension)].find(isFile);
  };
}

function modulesIn(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesIn(file);
    return EXTENSIONS.includes(path.extname(entry.name)) ? [file] : [];
  });
}

// One lint run reads the graph once (per root), from the files as saved.
const projects = new Map();

function projectAt(root) {
  if (!projects.has(root)) {
    const resolve = resolverFor(root);
    const graph = new Map();
    for (const file of ROOTS.flatMap((dir) => modulesIn(path.join(root, dir)))) {
      const text = fs.readFileSync(file, 'utf8');
      const targets = [...text.matchAll(SPECIFIER)].map((match) => resolve(match[1] ?? match[2], file));
      graph.set(file, new Set(targets.filter(Boolean)));
    }
    projects.set(root, { resolve, graph });
  }
  return projects.get(root);
}

/** The shortest way from `start` to `goal` through the graph, both ends included; undefined if none. */
function wayBetween(graph, start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const way = [];
      for (let step = goal; step !== undefined; step = cameFrom.get(step)) way.unshift(step);
      return way;
    }
    for (const next of graph.get(current) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    messages: {
      cycle:
        'This import closes an import cycle ({{cycle}}): move what the modules share into a third module that both import.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const { resolve, graph } = projectAt(context.cwd);
    // The linted file's own imports come from its text as linted; the rest of the graph from the disk.
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolve(source.value, file);
      const way = target && wayBetween(graph, target, file);
      if (!way) return;
      const cycle = [file, ...way].map((step) => path.relative(context.cwd, step)).join(' → ');
      context.report({ node: source, messageId: 'cycle', data: { cycle } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
