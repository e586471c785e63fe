import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledGeoIpDatabasePath, isPublicIp, openGeoIp, unmapIpv4 } from './geo-ip';

describe('geo-ip', () => {
  it('finds the country of public IPv4 and IPv6 addresses in the bundled database', async () => {
    const geoIp = await openGeoIp();
    expect(geoIp.countryOf('8.8.8.8')).toBe('US');
    expect(geoIp.countryOf('168.126.63.1')).toBe('KR');
    expect(geoIp.countryOf('::ffff:168.126.63.1')).toBe('KR');
    expect(geoIp.countryOf('2001:4860:4860::8888')).toBe('US');
  });

  it('gives no country for loopback, private, link-local and malformed addresses', async () => {
    const geoIp = await openGeoIp();
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.0.1',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      'x',
    ]) {
      expect(geoIp.countryOf(ip), ip).toBe('');
    }
  });

  it('opens the database once per file and shares it', async () => {
    const first = openGeoIp();
    expect(openGeoIp(bundledGeoIpDatabasePath())).toBe(first);
    expect(path.basename(bundledGeoIpDatabasePath())).toBe('geo-whois-asn-country.mmdb');
  });

  it('refuses a GEOIP_DB_PATH that does not exist', async () => {
    await expect(openGeoIp('/nonexistent/country.mmdb')).rejects.toThrow();
  });

  it('tells public addresses from private ones', () => {
    expect(isPublicIp('1.2.3.4')).toBe(true);
    expect(isPublicIp('172.32.0.1')).toBe(true);
    expect(isPublicIp('172.31.255.255')).toBe(false);
    expect(unmapIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(unmapIpv4('2001:db8::1')).toBe('2001:db8::1');
  });
});
