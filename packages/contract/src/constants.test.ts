import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from './index';
import * as constants from './constants';

const SOURCE = path.dirname(new URL(import.meta.url).pathname);

/** Every module `file` imports, followed transitively through relative imports. */
function importGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)[^'";]*?from\s+'([^']+)'/g)].map((match) => match[1] ?? '');
  seen.set(file, specifiers);
  for (const specifier of specifiers) {
    if (specifier.startsWith('.')) importGraph(`${path.resolve(path.dirname(file), specifier)}.ts`, seen);
  }
  return seen;
}

describe('@parlay/contract/constants', () => {
  it('imports no zod anywhere in its module graph, so the site can load it at start-up without zod', () => {
    const graph = importGraph(path.join(SOURCE, 'constants.ts'));
    expect(graph.size).toBeGreaterThan(3);
    const zodImporters = [...graph].filter(([, specifiers]) =>
      specifiers.some((s) => s === 'zod' || s.startsWith('zod/')),
    );
    expect(zodImporters.map(([file]) => path.relative(SOURCE, file))).toEqual([]);
  });

  it('exports the same values as the main entry under the same names', () => {
    const names = Object.keys(constants);
    expect(names).toEqual(
      expect.arrayContaining(['SYSTEM_STATUS', 'WHITELABEL', 'TRANSLATED_LANGUAGES', 'GAME_PLATFORMS', 'SYSTEM_CALLS']),
    );
    for (const name of names) {
      expect(contract[name as keyof typeof contract], name).toBe(constants[name as keyof typeof constants]);
    }
  });
});
