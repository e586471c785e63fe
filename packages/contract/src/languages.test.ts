import { describe, expect, it } from 'vitest';
import { fromAcceptLanguage } from './languages';

describe(fromAcceptLanguage.name, () => {
  it('takes the first range by weight that has texts', () => {
    expect(fromAcceptLanguage('en-US,en;q=0.9')).toBe('EN');
    expect(fromAcceptLanguage('ko-KR')).toBe('KO');
    expect(fromAcceptLanguage('fr;q=0.9, ko;q=0.8, en;q=0.7')).toBe('KO');
    expect(fromAcceptLanguage('en;q=0.5, ko')).toBe('KO');
    expect(fromAcceptLanguage('ko;q=0, en')).toBe('EN');
  });

  it('answers the default language to a wildcard, as Node fetch sends', () => {
    expect(fromAcceptLanguage('*')).toBe('KO');
    expect(fromAcceptLanguage('ja, *;q=0.5')).toBe('KO');
  });

  it('falls back to EN for a list of only other languages, and to the default for nothing usable', () => {
    expect(fromAcceptLanguage('ja-JP, zh;q=0.8')).toBe('EN');
    expect(fromAcceptLanguage(' , ;q=1')).toBe('KO');
    expect(fromAcceptLanguage('en;q=abc')).toBe('KO');
  });
});
