import { describe, expect, it } from 'vitest';
import en from './catalogue-en';
import ko from './catalogue-ko';

const resources: Record<string, Record<string, unknown>> = { ko, en };

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translation catalogues', () => {
  const namespaces = new Set([...Object.keys(resources['ko'] ?? {}), ...Object.keys(resources['en'] ?? {})]);

  it.each([...namespaces])('namespace %s has the same keys in KO and EN', (namespace) => {
    const ko = keysOf(resources['ko']?.[namespace]).sort();
    const en = keysOf(resources['en']?.[namespace]).sort();
    expect(ko.filter((key) => !en.includes(key))).toEqual([]);
    expect(en.filter((key) => !ko.includes(key))).toEqual([]);
  });

  it('has no empty text in either language', () => {
    for (const language of ['ko', 'en']) {
      const empty = Object.entries(resources[language] ?? {}).flatMap(([namespace, catalogue]) =>
        keysOf(catalogue)
          .filter((key) => {
            const value = key
              .split('.')
              .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
            return typeof value === 'string' && value.trim() === '';
          })
          .map((key) => `${language}:${namespace}:${key}`),
      );
      expect(empty).toEqual([]);
    }
  });
});
