import { parseArgs } from 'node:util';
import { UsageError, type AdminCommand } from '../command';

/** The vendor's schema is made when the house games first start on this database. */
async function withHouseSchema<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === '42P01')
      throw new UsageError('the house games have not started on this database yet: start the server once');
    throw error;
  }
}

function toMinor(name: string, value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`--${name} is a whole number of minor units`);
  return Number(value);
}

/**
 * The embedded house games vendor keeps its bet limits and maximum wins per brand in its own schema of
 * this database (house.limits); a vendor deployed on its own has its own database and the same table.
 */
export const houseCommand: AdminCommand = {
  name: 'house',
  summary: 'Set or list the house games bet limits and maximum win per brand and game',
  usage: [
    'house limits set --game dice|limbo|mines|plinko|lucky-parlay|crash --min MINOR --max MINOR --max-win MINOR [--merchant CODE | --default] [--currency CUR]',
    'house limits list',
  ],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        game: { type: 'string' },
        min: { type: 'string' },
        max: { type: 'string' },
        'max-win': { type: 'string' },
        merchant: { type: 'string' },
        default: { type: 'boolean' },
        currency: { type: 'string' },
      },
    });
    const [topic, action, ...extra] = positionals;
    if (topic !== 'limits' || extra.length > 0) throw new UsageError('say "limits set" or "limits list"');
    if (action === 'list') {
      const rows = await withHouseSchema(() => context.services.gaming.houseLimits.listLimits());
      if (rows.length === 0) return 'No limits set: every brand has the vendor defaults.';
      return rows
        .map(
          (row) =>
            `${row.brand} ${row.currency} ${row.gameCode}: bet ${row.minBetMinor}–${row.maxBetMinor}, max win ${row.maxWinMinor}`,
        )
        .join('\n');
    }
    if (action !== 'set') throw new UsageError('say "limits set" or "limits list"');
    if (values.default && values.merchant) throw new UsageError('give --merchant or --default, not both');
    const code = values.merchant ?? context.defaultMerchantCode;
    // The brand must exist (MERCHANT_NOT_FOUND otherwise); its currency is the default.
    const { merchant } = await context.services.admin.merchants.getBrand(code);
    const limits = {
      brand: values.default ? '*' : merchant.code,
      currency: (values.currency ?? merchant.brand.currency).toUpperCase(),
      gameCode: values.game ?? '',
      minBetMinor: toMinor('min', values.min),
      maxBetMinor: toMinor('max', values.max),
      maxWinMinor: toMinor('max-win', values['max-win']),
    };
    try {
      const merchantId = values.default ? null : merchant.id;
      await withHouseSchema(() => context.services.gaming.houseLimits.setLimits(context.actor, merchantId, limits));
    } catch (error) {
      if (error instanceof RangeError) throw new UsageError(error.message);
      throw error;
    }
    return `House limits of ${limits.brand} ${limits.currency} ${limits.gameCode}: bet ${limits.minBetMinor}–${limits.maxBetMinor}, max win ${limits.maxWinMinor}.`;
  },
};
