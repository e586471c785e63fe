import { parseArgs } from 'node:util';
import type { RegionRule } from '../../modules/merchant/index';
import { UsageError, type AdminCommand } from '../command';

export const regionCommand: AdminCommand = {
  name: 'region',
  summary: 'Block or unblock visitors by country or by IP address / CIDR range',
  usage: [
    'region block --country KR [--merchant CODE]',
    'region unblock --country KR [--merchant CODE]',
    'region block --ip 1.2.3.0/24 [--merchant CODE]',
    'region unblock --ip 1.2.3.0/24 [--merchant CODE]',
    'region list [--merchant CODE]',
  ],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { country: { type: 'string' }, ip: { type: 'string' }, merchant: { type: 'string' } },
    });
    const code = values.merchant ?? context.defaultMerchantCode;
    const admin = context.services.admin.merchants;
    const [action, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}`);
    if (action === 'list') {
      const { merchant } = await admin.getBrand(code);
      return describeRules(code, merchant.restrictedCountries, merchant.restrictedIps);
    }
    if (action !== 'block' && action !== 'unblock') throw new UsageError('say "block", "unblock" or "list"');
    if ((values.country === undefined) === (values.ip === undefined)) {
      throw new UsageError('give exactly one of --country or --ip');
    }
    const rule: RegionRule = values.country !== undefined ? { country: values.country } : { ip: values.ip ?? '' };
    const merchant = await admin.changeRegionRule(context.actor, code, action, rule);
    return describeRules(code, merchant.restrictedCountries, merchant.restrictedIps);
  },
};

function describeRules(code: string, countries: string[], ips: string[]): string {
  return [
    `Restricted for ${code}:`,
    `  countries: ${countries.length > 0 ? countries.join(', ') : '(none)'}`,
    `  IPs:       ${ips.length > 0 ? ips.join(', ') : '(none)'}`,
  ].join('\n');
}
