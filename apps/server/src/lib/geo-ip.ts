import { BlockList, isIP } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import maxmind, { type Reader, type Response } from 'maxmind';

/** Country of an address, ISO 3166 alpha-2, or '' when unknown, private or loopback. */
export interface GeoIp {
  countryOf(ip: string): string;
}

/** ip-location-db's country databases hold `{ country_code }`, not MaxMind's nested country record. */
interface CountryRecord {
  country_code?: string;
}

/** The country database shipped in @ip-location-db/geo-whois-asn-country-mmdb (IPv4 and IPv6). */
export function bundledGeoIpDatabasePath(): string {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json');
  return path.join(path.dirname(packageJson), 'geo-whois-asn-country.mmdb');
}

// Addresses that never belong to a country: a visitor behind them is local, not foreign.
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** '::ffff:1.2.3.4' (how a dual-stack socket reports an IPv4 peer) becomes '1.2.3.4'. */
export function unmapIpv4(ip: string): string {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return match?.[1] ?? ip;
}

export function isPublicIp(ip: string): boolean {
  const address = unmapIpv4(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function createGeoIp(reader: Reader<Response>): GeoIp {
  return {
    countryOf(ip) {
      if (!isPublicIp(ip)) return '';
      const record = reader.get(unmapIpv4(ip)) as CountryRecord | null;
      return record?.country_code?.toUpperCase() ?? '';
    },
  };
}

const opened = new Map<string, Promise<GeoIp>>();

/**
 * Opens the database once per process (about 8 MB, read into memory); GEOIP_DB_PATH overrides the
 * bundled one. Several app instances in one process (tests) share the reader.
 */
export function openGeoIp(databasePath = ''): Promise<GeoIp> {
  const file = path.resolve(databasePath || bundledGeoIpDatabasePath());
  let geoIp = opened.get(file);
  if (!geoIp) {
    geoIp = maxmind.open<Response>(file).then(createGeoIp);
    void geoIp.catch(() => opened.delete(file));
    opened.set(file, geoIp);
  }
  return geoIp;
}
