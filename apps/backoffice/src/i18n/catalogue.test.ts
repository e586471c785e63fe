import { describe, expect, it } from 'vitest';
import { catalogues } from './index';

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** A plural's forms are one key: Korean has only `_other`, English `_one` and `_other`. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('the back office texts', () => {
  const namespaces = new Set([...Object.keys(catalogues.ko), ...Object.keys(catalogues.en)]);

  it.each([...namespaces])('namespace %s has the same keys in KO and EN', (namespace) => {
    const ko = new Set(keysOf(catalogues.ko[namespace]).map(base));
    const en = new Set(keysOf(catalogues.en[namespace]).map(base));
    expect([...ko].filter((key) => !en.has(key))).toEqual([]);
    expect([...en].filter((key) => !ko.has(key))).toEqual([]);
  });

  it('has no empty text in either language', () => {
    for (const [language, catalogue] of Object.entries(catalogues)) {
      const empty = Object.entries(catalogue).flatMap(([namespace, texts]) =>
        keysOf(texts)
          .filter((key) => {
            const value = key
              .split('.')
              .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
            return typeof value === 'string' && value.trim() === '';
          })
          .map((key) => `${language}:${namespace}:${key}`),
      );
      expect(empty).toEqual([]);
    }
  });
});
