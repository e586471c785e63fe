import { parseArgs } from 'node:util';
import { isUnderMaintenance, type Merchant } from '../../modules/merchant/index';
import { UsageError, type AdminCommand } from '../command';

function describeMaintenance(merchant: Merchant): string {
  const end = merchant.maintenanceEndAt ? ` until ${merchant.maintenanceEndAt.toISOString()}` : '';
  if (isUnderMaintenance(merchant)) return `ON${end}`;
  if (merchant.maintenanceStartsAt) return `scheduled from ${merchant.maintenanceStartsAt.toISOString()}${end}`;
  return 'off';
}

export const brandCommand: AdminCommand = {
  name: 'brand',
  summary: "Show a brand's configuration, domains and status, or set the address of its site",
  usage: ['brand show [--merchant CODE]', 'brand site-url https://brand.example [--merchant CODE]'],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { merchant: { type: 'string' } },
    });
    const code = values.merchant ?? context.defaultMerchantCode;
    const admin = context.services.admin.merchants;
    if (positionals[0] === 'site-url') {
      if (positionals.length !== 2) throw new UsageError('say the address: brand site-url https://brand.example');
      const merchant = await admin.setSiteUrl(context.actor, code, positionals[1] ?? '');
      return `Links ${code} sends (password resets) now lead to ${merchant.siteUrl ?? ''}.`;
    }
    if (positionals.length !== 1 || positionals[0] !== 'show') throw new UsageError('say "show" or "site-url"');
    const { merchant, domains } = await admin.getBrand(code);
    const { brand } = merchant;
    return [
      `${brand.name} (${merchant.code})`,
      `  currency:     ${brand.currency} (symbol ${brand.currencySymbol}, minor-unit exponent ${brand.currencyExponent})`,
      `  time zone:    ${brand.timeZone}`,
      `  languages:    ${brand.languages.join(', ')} (default ${brand.defaultLanguage})`,
      `  sign-in wall: ${brand.loggedInToHomePage ? 'every page needs sign-in' : 'off'}`,
      `  site url:     ${merchant.siteUrl ?? '(none: the brand sends no links; set it with brand site-url)'}`,
      `  domains:      ${domains.map((d) => `${d.domain}${d.isRoute ? ' (route)' : ''}${d.isAgentSite ? ' (agent site)' : ''}`).join(', ') || '(none)'}`,
      `  maintenance:  ${describeMaintenance(merchant)}`,
      `  blocked:      countries ${merchant.restrictedCountries.join(', ') || '(none)'}; IPs ${merchant.restrictedIps.join(', ') || '(none)'}`,
    ].join('\n');
  },
};
