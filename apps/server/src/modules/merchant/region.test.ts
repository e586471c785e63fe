import { describe, expect, it } from 'vitest';
import { createIpMatcher, normaliseCountryCode, parseIpRule } from './region';

describe('createIpMatcher', () => {
  it('matches a single address exactly and nothing beside it', () => {
    const matches = createIpMatcher(['1.2.3.7']);
    expect(matches('1.2.3.7')).toBe(true);
    expect(matches('1.2.3.8')).toBe(false);
  });

  it('matches every address of an IPv4 range and none outside it', () => {
    const matches = createIpMatcher(['1.2.3.0/24']);
    expect(matches('1.2.3.0')).toBe(true);
    expect(matches('1.2.3.255')).toBe(true);
    expect(matches('1.2.4.0')).toBe(false);
    expect(matches('1.2.2.255')).toBe(false);
  });

  it('matches IPv6 ranges and IPv4 peers written as IPv4-mapped IPv6', () => {
    const matches = createIpMatcher(['2001:db8::/32', '9.9.9.9']);
    expect(matches('2001:db8:ffff::1')).toBe(true);
    expect(matches('2001:db9::1')).toBe(false);
    expect(matches('::ffff:9.9.9.9')).toBe(true);
  });

  it('ignores rules that do not parse instead of matching everything', () => {
    const matches = createIpMatcher(['not-an-ip', '1.2.3.0/33', '']);
    expect(matches('1.2.3.4')).toBe(false);
    expect(matches('garbage')).toBe(false);
  });
});

describe('parseIpRule', () => {
  it('reads addresses and CIDR ranges and refuses the rest', () => {
    expect(parseIpRule('1.2.3.0/24')).toEqual({ network: '1.2.3.0', prefix: 24, family: 'ipv4' });
    expect(parseIpRule('2001:db8::1')).toEqual({ network: '2001:db8::1', prefix: 128, family: 'ipv6' });
    expect(parseIpRule('1.2.3.4/')).toBeNull();
    expect(parseIpRule('1.2.3.4/24/1')).toBeNull();
    expect(parseIpRule('300.1.1.1')).toBeNull();
    expect(parseIpRule('2001:db8::/129')).toBeNull();
  });
});

describe('normaliseCountryCode', () => {
  it('upper-cases two letters and refuses anything else', () => {
    expect(normaliseCountryCode(' kr ')).toBe('KR');
    expect(normaliseCountryCode('KOR')).toBeNull();
    expect(normaliseCountryCode('1A')).toBeNull();
  });
});
