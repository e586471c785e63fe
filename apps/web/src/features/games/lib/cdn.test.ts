import { describe, expect, it } from 'vitest';
import { pickHost, resolveOnHost } from './cdn';

describe('pickHost', () => {
  const hosts = ['img1.example.com', 'https://img2.example.com/', 'http://img3.example.com'];

  it('picks the host the random number falls on', () => {
    expect(pickHost(hosts, () => 0)).toBe('https://img1.example.com');
    expect(pickHost(hosts, () => 0.5)).toBe('https://img2.example.com');
    expect(pickHost(hosts, () => 0.99)).toBe('http://img3.example.com');
  });

  it('reaches every host over many picks', () => {
    const seen = new Set<string | null>();
    for (let index = 0; index < 300; index += 1) seen.add(pickHost(hosts));
    expect(seen.size).toBe(3);
  });

  it('gives no host for an empty list or blank entries', () => {
    expect(pickHost([])).toBeNull();
    expect(pickHost(['  ', ''])).toBeNull();
  });
});

describe('resolveOnHost', () => {
  it('puts a relative path on the host', () => {
    expect(resolveOnHost('/icons/a.png', 'https://cdn.example.com')).toBe('https://cdn.example.com/icons/a.png');
    expect(resolveOnHost('icons/a.png', 'https://cdn.example.com')).toBe('https://cdn.example.com/icons/a.png');
  });

  it('keeps absolute URLs and relative paths without a host as they are', () => {
    expect(resolveOnHost('https://other.example.com/a.png', 'https://cdn.example.com')).toBe(
      'https://other.example.com/a.png',
    );
    expect(resolveOnHost('//other.example.com/a.png', 'https://cdn.example.com')).toBe('//other.example.com/a.png');
    expect(resolveOnHost('/house/play?x=1', null)).toBe('/house/play?x=1');
  });

  it('gives nothing for an empty path', () => {
    expect(resolveOnHost('', 'https://cdn.example.com')).toBeNull();
    expect(resolveOnHost(null, null)).toBeNull();
  });
});
