import { parseArgs } from 'node:util';
import { UsageError, type AdminCommand } from '../command';

export const maintenanceCommand: AdminCommand = {
  name: 'maintenance',
  summary: 'Turn the maintenance page on (now or from a scheduled start) or off for a brand',
  usage: [
    'maintenance on [--from 2030-01-01T01:00:00Z] [--until 2030-01-01T03:00:00Z] [--merchant CODE]',
    'maintenance off [--merchant CODE]',
  ],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { from: { type: 'string' }, until: { type: 'string' }, merchant: { type: 'string' } },
    });
    const code = values.merchant ?? context.defaultMerchantCode;
    const admin = context.services.admin.merchants;
    const [action, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}`);
    if (action === 'on') {
      const merchant = await admin.startMaintenance(context.actor, code, values.until, values.from);
      const end = merchant.maintenanceEndAt ? ` until ${merchant.maintenanceEndAt.toISOString()}` : '';
      if (merchant.maintenanceStartsAt) {
        return `Maintenance is SCHEDULED for ${code} from ${merchant.maintenanceStartsAt.toISOString()}${end}. Visitors see the maintenance page from then until it is turned off.`;
      }
      return `Maintenance is ON for ${code}${end}. Visitors see the maintenance page.`;
    }
    if (action === 'off') {
      if (values.until !== undefined || values.from !== undefined) {
        throw new UsageError('--from and --until go with "maintenance on"');
      }
      await admin.endMaintenance(context.actor, code);
      return `Maintenance is OFF for ${code}.`;
    }
    throw new UsageError('say "on" or "off"');
  },
};
