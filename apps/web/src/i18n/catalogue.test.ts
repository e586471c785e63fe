import { describe, expect, it } from 'vitest';
import { toCatalogue } from './catalogue';
import en from './catalogue-en';
import firstLoadKo from './catalogue-ko';

/** Every Korean namespace, those the first load leaves to their features too. */
const ko = toCatalogue(
  import.meta.glob<Record<string, unknown>>('./locales/ko/*.json', { eager: true, import: 'default' }),
);
const resources: Record<string, Record<string, unknown>> = { ko, en };

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

function textAt(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
}

describe('the first load', () => {
  it("leaves only the auth dialogs', the wallet's, the guide pages', the promotions', the raffles', the support chat's, the fairness page's, the footer's and the member centre's Korean texts to their chunks", () => {
    const left = Object.keys(ko).filter((namespace) => !(namespace in firstLoadKo) && !namespace.startsWith('member'));
    expect(left.sort()).toEqual(['auth', 'fairness', 'footer', 'guides', 'promotions', 'raffles', 'support', 'wallet']);
    expect(Object.keys(firstLoadKo).filter((namespace) => namespace.startsWith('member'))).toEqual([]);
  });
});

describe('translation catalogues', () => {
  const namespaces = new Set([...Object.keys(resources['ko'] ?? {}), ...Object.keys(resources['en'] ?? {})]);

  it.each([...namespaces])('namespace %s has the same keys in KO and EN', (namespace) => {
    const ko = keysOf(resources['ko']?.[namespace]).sort();
    const en = keysOf(resources['en']?.[namespace]).sort();
    expect(ko.filter((key) => !en.includes(key))).toEqual([]);
    expect(en.filter((key) => !ko.includes(key))).toEqual([]);
  });

  it('names the e-lottery in KO as the navigation does (e-로또), never by another word', () => {
    const name = (ko as { shell: { categories: { ELOTT: string } } }).shell.categories.ELOTT;
    expect(name).toBe('e-로또');
    const others = Object.entries(ko).flatMap(([namespace, catalogue]) =>
      keysOf(catalogue)
        .map((key) => [key, textAt(catalogue, key)] as const)
        .filter(([, text]) => typeof text === 'string' && /전자\s*로또/.test(text))
        .map(([key]) => `${namespace}:${key}`),
    );
    expect(others).toEqual([]);
  });

  // The site speaks to players; who runs the brand behind it is not theirs to hear about.
  it('never talks to the player about the operator, in either language', () => {
    const operatorTexts = Object.entries(resources).flatMap(([language, namespaces]) =>
      Object.entries(namespaces).flatMap(([namespace, catalogue]) =>
        keysOf(catalogue)
          .map((key) => [key, textAt(catalogue, key)] as const)
          .filter(([, text]) => typeof text === 'string' && /\boperator|운영사/i.test(text))
          .map(([key]) => `${language}:${namespace}:${key}`),
      ),
    );
    expect(operatorTexts).toEqual([]);
  });

  it('has no empty text in either language', () => {
    for (const language of ['ko', 'en']) {
      const empty = Object.entries(resources[language] ?? {}).flatMap(([namespace, catalogue]) =>
        keysOf(catalogue)
          .filter((key) => {
            const value = textAt(catalogue, key);
            return typeof value === 'string' && value.trim() === '';
          })
          .map((key) => `${language}:${namespace}:${key}`),
      );
      expect(empty).toEqual([]);
    }
  });
});
