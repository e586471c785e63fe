// The server's modules depend on each other one way only: this reads the imports of every module's
// files (tests and their fixtures aside), builds the graph of module folders and fails, naming the cycle
// and the files behind each step, when a module reaches back to one that reaches it.
// `npm run lint` runs it after ESLint; `--graph` prints the graph. ESLint's import-x/no-cycle sees only
// cycles between files, and import-x/no-restricted-paths (eslint.config.js) that a module is entered
// only through its index.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'apps/server/src/modules');

const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]/gm, // import x from '…', export { x } from '…'
  /^\s*import\s*['"]([^'"]+)['"]/gm, // import '…'
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, // import('…')
];

/** Every source file of a folder, tests and test fixtures left out: they may reach any module. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    if (!entry.name.endsWith('.ts') || /\.(test|fixtures)\.ts$/.test(entry.name)) return [];
    return [full];
  });
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/** module -> module it imports -> the first place it does, as `file:line`. */
function readGraph() {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const graph = new Map(modules.map((name) => [name, new Map()]));
  for (const module of modules) {
    for (const file of sourceFiles(path.join(modulesDir, module))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of IMPORT_PATTERNS) {
        for (const match of text.matchAll(pattern)) {
          const specifier = match[1];
          if (!specifier.startsWith('.')) continue;
          const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier));
          const [other] = target.split(path.sep);
          if (target.startsWith('..') || other === module || !graph.has(other)) continue;
          const edges = graph.get(module);
          if (!edges.has(other)) edges.set(other, `${path.relative(root, file)}:${lineOf(text, match.index)}`);
        }
      }
    }
  }
  return graph;
}

/** The modules that reach each other (Tarjan's groups), as closed paths of names: a shortest one through each. */
function findCycles(graph) {
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (node) => {
    indexOf.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const other of graph.get(node).keys()) {
      if (!indexOf.has(other)) {
        visit(other);
        low.set(node, Math.min(low.get(node), low.get(other)));
      } else if (onStack.has(other)) {
        low.set(node, Math.min(low.get(node), indexOf.get(other)));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(new Set(group));
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);

  // Within a group every module reaches every other: a shortest way from each back to itself is a cycle.
  const shortestCycle = (group, start) => {
    const previous = new Map();
    const queue = [start];
    while (queue.length > 0 && !previous.has(start)) {
      const node = queue.shift();
      for (const other of graph.get(node).keys()) {
        if (!group.has(other) || previous.has(other)) continue;
        previous.set(other, node);
        queue.push(other);
      }
    }
    const cycle = [start];
    for (let node = previous.get(start); node !== start; node = previous.get(node)) cycle.unshift(node);
    cycle.unshift(start);
    return cycle;
  };
  const cycles = new Map();
  for (const group of groups) {
    for (const start of [...group].sort()) {
      const cycle = shortestCycle(group, start).slice(1);
      // The same cycle found from another of its modules: named once, from its first name.
      const first = cycle.indexOf([...cycle].sort()[0]);
      const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
      rotated.push(rotated[0]);
      cycles.set(rotated.join(' → '), rotated);
    }
  }
  return [...cycles.values()];
}

const graph = readGraph();
if (process.argv.includes('--graph')) {
  for (const [module, edges] of graph) console.log(`${module} → ${[...edges.keys()].sort().join(', ') || '(none)'}`);
}
const cycles = findCycles(graph);
if (cycles.length > 0) {
  for (const cycle of cycles) {
    console.error(`Module cycle in apps/server/src/modules: ${cycle.join(' → ')}`);
    for (let step = 0; step < cycle.length - 1; step += 1) {
      console.error(`  ${cycle[step]} → ${cycle[step + 1]}: ${graph.get(cycle[step]).get(cycle[step + 1])}`);
    }
  }
  console.error('A module depends on another one way only (ARCHITECTURE.md, "Modules").');
  process.exit(1);
}
