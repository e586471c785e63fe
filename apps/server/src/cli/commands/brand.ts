import { parseArgs } from 'node:util';
import { MerchantAdminService } from '../../modules/merchant/merchant-admin.service';
import { UsageError, type AdminCommand } from '../command';

export const brandCommand: AdminCommand = {
  name: 'brand',
  summary: "Show a brand's configuration, domains and status",
  usage: ['brand show [--merchant CODE]'],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { merchant: { type: 'string' } },
    });
    if (positionals.length !== 1 || positionals[0] !== 'show') throw new UsageError('say "show"');
    const code = values.merchant ?? context.defaultMerchantCode;
    const { merchant, domains } = await new MerchantAdminService(context.db).getBrand(code);
    const { brand } = merchant;
    return [
      `${brand.name} (${merchant.code})`,
      `  currency:     ${brand.currency} (symbol ${brand.currencySymbol}, minor-unit exponent ${brand.currencyExponent})`,
      `  time zone:    ${brand.timeZone}`,
      `  languages:    ${brand.languages.join(', ')} (default ${brand.defaultLanguage})`,
      `  sign-in wall: ${brand.loggedInToHomePage ? 'every page needs sign-in' : 'off'}`,
      `  domains:      ${domains.map((d) => (d.isRoute ? `${d.domain} (route)` : d.domain)).join(', ') || '(none)'}`,
      `  maintenance:  ${merchant.maintenance ? `ON${merchant.maintenanceEndAt ? ` until ${merchant.maintenanceEndAt.toISOString()}` : ''}` : 'off'}`,
      `  blocked:      countries ${merchant.restrictedCountries.join(', ') || '(none)'}; IPs ${merchant.restrictedIps.join(', ') || '(none)'}`,
    ].join('\n');
  },
};
