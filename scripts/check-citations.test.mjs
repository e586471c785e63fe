import { describe, expect, it } from 'vitest';
import { anchorOf, anchorsOf, citationProblems } from './check-citations.mjs';

/** A repository of a few files, read as check-citations reads the real one. */
const FILES = {
  'docs/product/accounts.md': [
    '# Accounts',
    '## Sign-in',
    '### Sign-in flow',
    '## Recovery by e-mail',
    '```',
    '## Not a heading',
    '```',
  ].join('\n'),
  'docs/decisions/0006-request-encryption-jwe.md': '# 0006. Request encryption: JWE\n## Decision\n## Decision',
  'ARCHITECTURE.md': '# Architecture\n## "A request, end to end"',
};
const readFile = (file) => FILES[file] ?? null;
const check = (file, text) => citationProblems(file, text, readFile);

describe(anchorOf.name, () => {
  it('makes the anchor GitHub makes: lower case, punctuation dropped, each space a hyphen', () => {
    expect(anchorOf('Sign-in flow')).toBe('sign-in-flow');
    expect(anchorOf("The platform's own rules")).toBe('the-platforms-own-rules');
    expect(anchorOf('Messages, missions and promotions')).toBe('messages-missions-and-promotions');
    expect(anchorOf('`GET /wps/system/status` and **more**')).toBe('get-wpssystemstatus-and-more');
    expect(anchorOf('[Lottery](games.md#lottery) menu')).toBe('lottery-menu');
  });
});

describe(anchorsOf.name, () => {
  it('numbers a repeated heading and skips fenced code', () => {
    expect([...anchorsOf(FILES['docs/decisions/0006-request-encryption-jwe.md'])]).toEqual([
      '0006-request-encryption-jwe',
      'decision',
      'decision-1',
    ]);
    expect(anchorsOf(FILES['docs/product/accounts.md']).has('not-a-heading')).toBe(false);
  });
});

describe(citationProblems.name, () => {
  it('passes citations of files and headings the repository has', () => {
    const text = [
      '/** Member sign-in (docs/product/accounts.md#sign-in-flow). */',
      '// Why: docs/decisions/0006-request-encryption-jwe.md#decision-1, and ARCHITECTURE.md#a-request-end-to-end.',
      '// The product: docs/product/accounts.md.',
    ].join('\n');
    expect(check('apps/server/src/x.ts', text)).toEqual([]);
  });

  it('names each citation of a document the repository does not have, in any letter case', () => {
    // Spelt in pieces, so that a grep for such citations finds none in this file.
    const [spec, Spec, section, brief] = ['spec', 'Spec', '\u00a7', ['DESIGN', 'md'].join('.')];
    const lines = [
      '// fine',
      `/** Member info (${spec} 01 ${section}3). */`,
      `// ${Spec} 02 ${section}7 lists it`,
      `// see ${brief}`,
      `// ${spec} ${section} 4`,
    ];
    expect(check('apps/web/src/x.ts', lines.join('\n'))).toEqual(
      [2, 3, 4, 5].map(
        (line) => `apps/web/src/x.ts:${line}: cites a document the repository does not have: ${lines[line - 1]}`,
      ),
    );
  });

  it('names a missing file and a missing heading', () => {
    const text = '// docs/product/wallet.md#balance, docs/product/accounts.md#sign-in-by-sms, ARCHITECTURE.md#modules';
    expect(check('e2e/x.ts', text)).toEqual([
      'e2e/x.ts:1: docs/product/wallet.md does not exist',
      'e2e/x.ts:1: docs/product/accounts.md has no heading #sign-in-by-sms',
      'e2e/x.ts:1: ARCHITECTURE.md has no heading #modules',
    ]);
  });

  it("reads a docs file's relative Markdown links from its folder, and its own anchors", () => {
    const text = [
      'See [the flow](accounts.md#sign-in-flow) and [0006](../decisions/0006-request-encryption-jwe.md).',
      'Also [recovery](#recovery-by-e-mail), [gone](accounts.md#gone) and [here](#nowhere).',
    ].join('\n');
    expect(check('docs/product/accounts.md', text)).toEqual([
      'docs/product/accounts.md:2: docs/product/accounts.md has no heading #gone',
      'docs/product/accounts.md:2: docs/product/accounts.md has no heading #nowhere',
    ]);
  });

  it('leaves relative links alone outside docs, where they are code', () => {
    expect(check('apps/web/src/x.ts', "const link = '[a](#nowhere)';")).toEqual([]);
  });
});
