import { describe, expect, it } from 'vitest';
import { CatalogueFeedSchema, findFeedUrlProblem, type CatalogueFeed } from './catalogue';

const feed = (vendor: Partial<CatalogueFeed['vendor']> = {}, showIcon = '/icons/g1.png'): unknown => ({
  vendor: {
    code: 'V1',
    name: 'Vendor one',
    gameTypes: ['RNG'],
    smallIcon: 'https://cdn.vendor.example/v1.svg',
    launchUrl: 'https://games.vendor.example/launch',
    catalogueUrl: 'https://games.vendor.example/feed',
    ...vendor,
  },
  games: [{ code: 'G1', gameName: 'Game one', gameType: 'RNG', showIcon }],
});

/** The paths and messages of a feed's refusal, or [] when it is accepted. */
const issuesOf = (input: unknown) =>
  CatalogueFeedSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];

// Every way a scheme other than https can be written: letter case, a tab or newline the parser drops,
// leading spaces or control characters it strips, an entity or escape a lax client decodes.
const OTHER_SCHEMES = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript&colon;alert(1)',
  'javascript&#58;alert(1)',
  'javascript%3Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.vendor.example/launch',
  'blob:https://games.vendor.example/0',
  'intent://launch#Intent;scheme=https;end',
];

describe(findFeedUrlProblem.name, () => {
  it.each(OTHER_SCHEMES)('refuses %j in every URL field', (value) => {
    expect(findFeedUrlProblem(value, { path: true }), value).toBeDefined();
    expect(findFeedUrlProblem(value, { path: false }), value).toBeDefined();
  });

  it('takes https anywhere and plain http on loopback hosts only', () => {
    for (const value of [
      'https://games.vendor.example/launch?lobby=1',
      'HTTPS://games.vendor.example/launch',
      'https://127.0.0.1:8443/x',
      'http://localhost:8081/house/play',
      'http://127.0.0.1:8081/house/icons/dice.svg',
      'http://127.45.6.7/house/play',
      'http://[::1]:8081/house/play',
    ]) {
      expect(findFeedUrlProblem(value, { path: false }), value).toBeUndefined();
    }
    for (const value of [
      'http://games.vendor.example/launch',
      'http://10.0.0.5:8081/house/play',
      'http://localhost.vendor.example/launch',
      'http://localhost@evil.example/launch',
      'http://128.0.0.1/launch',
      'http://[::2]/launch',
      'https://games.vendor.example:99999/launch',
    ]) {
      expect(findFeedUrlProblem(value, { path: false }), value).toMatch(/^must be an https: URL/);
    }
  });

  it("takes a path on the platform's own hosts where a path is allowed, never another site or a scheme", () => {
    for (const value of ['', '/icons/g1.png', 'icons/g1.png', '/launch/v1?lobby=1']) {
      expect(findFeedUrlProblem(value, { path: true }), value).toBeUndefined();
      expect(findFeedUrlProblem(value, { path: false }), value).toBeDefined();
    }
    for (const value of ['//evil.example/launch', 'https:evil.example/launch', 'https:/evil.example', 'g1:icon.png']) {
      expect(findFeedUrlProblem(value, { path: true }), value).toMatch(/or a path$/);
    }
    for (const value of ['/\\evil.example/launch', '/icons/g 1.png']) {
      expect(findFeedUrlProblem(value, { path: true }), value).toMatch(/without spaces, control characters/);
    }
  });
});

describe('CatalogueFeedSchema URL fields', () => {
  it('accepts the https, loopback http, relative and empty addresses a feed may name', () => {
    expect(issuesOf(feed())).toEqual([]);
    expect(issuesOf(feed({ smallIcon: '', launchUrl: '', catalogueUrl: undefined }, ''))).toEqual([]);
    const house = 'http://localhost:8081/house';
    expect(
      issuesOf(
        feed({ smallIcon: `${house}/icons/v.svg`, launchUrl: `${house}/play`, catalogueUrl: `${house}/api/feed` }),
      ),
    ).toEqual([]);
  });

  it.each(OTHER_SCHEMES)('refuses %j in each URL field, at its path', (value) => {
    expect(issuesOf(feed({ launchUrl: value }))).toEqual(['vendor.launchUrl']);
    expect(issuesOf(feed({ smallIcon: value }))).toEqual(['vendor.smallIcon']);
    expect(issuesOf(feed({ catalogueUrl: value }))).toEqual(['vendor.catalogueUrl']);
    expect(issuesOf(feed({}, value))).toEqual(['games.0.showIcon']);
  });

  it('refuses plain http to another host, and a catalogue address that is a path', () => {
    expect(issuesOf(feed({ launchUrl: 'http://games.vendor.example/launch' }))).toEqual(['vendor.launchUrl']);
    expect(issuesOf(feed({}, 'http://cdn.vendor.example/g1.png'))).toEqual(['games.0.showIcon']);
    expect(issuesOf(feed({ catalogueUrl: 'http://games.vendor.example/feed' }))).toEqual(['vendor.catalogueUrl']);
    expect(issuesOf(feed({ catalogueUrl: '/feed' }))).toEqual(['vendor.catalogueUrl']);
  });
});
