import { BlockList, isIP } from 'node:net';
import { unmapIpv4 } from '../../lib/geo-ip';

/**
 * Parses an IP rule: one address ('1.2.3.4', '2001:db8::1') or a CIDR range ('1.2.3.0/24').
 * Returns null for anything else, so the CLI and back office can refuse it before storing it.
 */
export function parseIpRule(rule: string): { network: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = rule.trim().split('/');
  if (rest.length > 0) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  let prefix = max;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > max) return null;
  }
  return { network: address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** A matcher for a brand's restricted IPs and ranges; rules that do not parse match nothing. */
export function createIpMatcher(rules: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  let count = 0;
  for (const rule of rules) {
    const parsed = parseIpRule(rule);
    if (!parsed) continue;
    list.addSubnet(parsed.network, parsed.prefix, parsed.family);
    count += 1;
  }
  if (count === 0) return () => false;
  return (ip) => {
    const address = unmapIpv4(ip);
    const version = isIP(address);
    if (version === 0) return false;
    return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/** ISO 3166 alpha-2, upper case; null when the text is not two letters. */
export function normaliseCountryCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}
