import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { AppError } from '../../lib/app-error';
import type { BrandGameOffer, BrandVendorOffer, CatalogueSyncService } from '../../modules/games/index';
import type { Actor } from '../../modules/audit/index';
import type { PromotionDay } from '../../modules/seamless-wallet/index';
import { UsageError, type AdminCommand, type CommandContext } from '../command';

/**
 * Catalogue sync now: one vendor's feed read from its catalogue address, or, with no code, every vendor
 * that publishes one (due or not). A vendor whose feed cannot be read keeps its catalogue.
 */
async function sync(
  feeds: CatalogueSyncService,
  actor: Actor,
  code: string | undefined,
  extra: string[],
): Promise<string> {
  if (extra.length > 0) throw new UsageError('give one vendor code at most');
  if (code !== undefined) {
    const result = await feeds.syncCatalogue(code, new Date(), actor);
    return `Read ${result.vendor}'s feed: ${result.games} games; every brand offers them.`;
  }
  const { synced, failed } = await feeds.syncDueCatalogues(0, new Date(), actor);
  if (synced.length === 0 && failed.length === 0) return 'No vendor publishes a catalogue address.';
  const lines = synced.map((vendor) => `Read ${vendor}'s feed.`);
  for (const failure of failed)
    lines.push(`Could not read ${failure.code}'s feed (${failure.error}); its catalogue stays as it was.`);
  if (failed.length > 0) throw new AppError('GAME_CATALOGUE_SYNC_FAILED', { reason: lines.join('\n') });
  return lines.join('\n');
}

interface OfferOptions {
  merchant?: string | undefined;
  enable?: boolean | undefined;
  disable?: boolean | undefined;
  hot?: boolean | undefined;
  'not-hot'?: boolean | undefined;
  order?: string | undefined;
  'follow-feed'?: boolean | undefined;
  'promo-cap'?: string | undefined;
}

function describeVendor(brand: string, vendor: BrandVendorOffer): string {
  return `${vendor.code} (${vendor.name}) for brand ${brand}: ${vendor.enabled ? 'offered' : 'not offered'}, place ${vendor.sortOrder}, vendor ${vendor.status}.`;
}

/** One game as the brand lists it; the brand's own choices, which no feed changes, are named after it. */
function describeGame(game: BrandGameOffer): string {
  const own = [
    ...(game.brandEnabled === null ? [] : [game.brandEnabled ? 'on' : 'off']),
    ...(game.brandHot === null ? [] : [game.brandHot ? 'hot' : 'not hot']),
    ...(game.brandSortOrder === null ? [] : [`order ${game.brandSortOrder}`]),
  ];
  const state = [
    game.listed ? 'listed' : 'not listed',
    ...(game.topLevel ? [] : ['under its VASSALAGE game']),
    ...(game.status === 'active' ? [] : [game.status]),
    ...(game.isHot ? ['hot'] : []),
    `order ${game.sortOrder}`,
  ];
  return `${game.code} "${game.gameName}": ${state.join(', ')}${own.length > 0 ? `; the brand's own choice: ${own.join(', ')}` : ''}`;
}

/** The brand's cap on the vendor's credits without a debit and what they paid today (decision 0027). */
function describePromotions(day: PromotionDay): string {
  const cap = day.capMinor > 0 ? `at most ${day.capMinor} a day` : 'none accepted (cap 0)';
  return `Promotion and tournament credits: ${cap}; ${day.day} (${day.timeZone}): ${day.paidMinor} paid in ${day.credits} credits.`;
}

function parseMinor(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const minor = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(minor)) throw new UsageError(`${option} is a whole number of minor units, 0 or more`);
  return minor;
}

function parseOrder(order: string | undefined): number | undefined {
  if (order === undefined) return undefined;
  if (!/^-?\d+$/.test(order)) throw new UsageError('--order is a whole number');
  return Number(order);
}

/**
 * A brand's choices over a vendor's feed: with a game code, whether the brand lists the game, its hot
 * flag and its place; without one, whether it offers the vendor and the vendor's place. No flag shows them.
 */
async function offer(context: CommandContext, positionals: string[], options: OfferOptions): Promise<string> {
  const [vendorCode, gameCode, ...extra] = positionals;
  if (!vendorCode || extra.length > 0) throw new UsageError('give a vendor code, and a game code at most');
  if (options.enable && options.disable) throw new UsageError('say --enable or --disable, not both');
  if (options.hot && options['not-hot']) throw new UsageError('say --hot or --not-hot, not both');
  const promotionCap = parseMinor(options['promo-cap'], '--promo-cap');
  const merchantCode = options.merchant ?? context.defaultMerchantCode;
  const brand = await context.services.merchants.findByCode(merchantCode);
  if (!brand) throw new AppError('MERCHANT_NOT_FOUND');
  const { promotionCaps, brandOffers } = context.services.gaming;
  const enabled = options.enable ? true : options.disable ? false : undefined;
  const order = parseOrder(options.order);

  if (gameCode === undefined) {
    if (options.hot || options['not-hot'] || options['follow-feed']) {
      throw new UsageError('--hot, --not-hot and --follow-feed are choices over one game: give its code');
    }
    if (enabled !== undefined || order !== undefined) {
      await brandOffers.chooseBrandVendor(context.actor, brand.id, vendorCode, {
        ...(enabled === undefined ? {} : { enabled }),
        ...(order === undefined ? {} : { sortOrder: order }),
      });
    }
    if (promotionCap !== undefined)
      await promotionCaps.setPromotionCap(context.actor, brand.id, vendorCode, promotionCap);
    const current = await brandOffers.getBrandOffer(brand.id, vendorCode);
    return [
      describeVendor(merchantCode, current.vendor),
      describePromotions(await promotionCaps.findPromotionDay(brand.id, vendorCode, { limit: 0 })),
      ...current.games.map((game) => `  ${describeGame(game)}`),
    ].join('\n');
  }
  if (promotionCap !== undefined) throw new UsageError('--promo-cap is a choice over the vendor: give no game code');

  // --follow-feed drops the brand's three choices first; the other flags given with it are then applied.
  const reset = options['follow-feed'] ? { enabled: null, hot: null, sortOrder: null } : {};
  const hot = options.hot ? true : options['not-hot'] ? false : undefined;
  const { game } = await brandOffers.chooseBrandGame(context.actor, brand.id, vendorCode, gameCode, {
    ...reset,
    ...(enabled === undefined ? {} : { enabled }),
    ...(hot === undefined ? {} : { hot }),
    ...(order === undefined ? {} : { sortOrder: order }),
  });
  return `${vendorCode} ${describeGame(game)} (brand ${merchantCode})`;
}

interface PromotionsOptions {
  merchant?: string | undefined;
  day?: string | undefined;
  limit?: string | undefined;
}

/** The promotion and tournament credits a vendor paid a brand's members on a day (today by default). */
async function promotions(context: CommandContext, positionals: string[], options: PromotionsOptions): Promise<string> {
  const [vendorCode, ...extra] = positionals;
  if (!vendorCode || extra.length > 0) throw new UsageError('give one vendor code');
  const day = options.day;
  if (
    day !== undefined &&
    !(/^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day))
  ) {
    throw new UsageError('--day is a date, YYYY-MM-DD');
  }
  const limit = parseMinor(options.limit, '--limit') ?? 100;
  const merchantCode = options.merchant ?? context.defaultMerchantCode;
  const brand = await context.services.merchants.findByCode(merchantCode);
  if (!brand) throw new AppError('MERCHANT_NOT_FOUND');
  const found = await context.services.gaming.promotionCaps.findPromotionDay(brand.id, vendorCode, { day, limit });
  const lines = [`${found.vendorCode} for brand ${merchantCode}. ${describePromotions(found)}`];
  for (const credit of found.list) {
    lines.push(
      `  ${credit.createdAt.toISOString()}  ${credit.account}  ${credit.creditType}  ${credit.amountMinor} ${credit.currency}  transaction ${credit.transactionId}  round ${credit.roundId}`,
    );
  }
  if (found.credits > found.list.length) lines.push(`  … ${found.credits - found.list.length} more (--limit N)`);
  return lines.join('\n');
}

export const gamesCommand: AdminCommand = {
  name: 'games',
  summary:
    "Import a vendor's catalogue feed (JSON), or read it again from the vendor, and offer its games to every brand; a brand's own choices over them, and its cap on the vendor's promotion credits",
  usage: [
    'games import <feed.json> [--secret WALLET_SECRET]',
    'games sync [VENDOR_CODE]',
    "games offer VENDOR_CODE [--merchant CODE] [--enable | --disable] [--order N] [--promo-cap N]   (the brand's vendor; no flag: show its games)",
    'games offer VENDOR_CODE --promo-cap N   (the most the vendor may pay the brand a day in promotion and tournament credits, in minor units; 0: none)',
    'games offer VENDOR_CODE GAME_CODE [--merchant CODE] [--follow-feed] [--enable | --disable] [--hot | --not-hot] [--order N]',
    'games offer ... --order=-N   (a place before 0: write the negative number with =)',
    "games promotions VENDOR_CODE [--merchant CODE] [--day YYYY-MM-DD] [--limit N]   (the vendor's promotion and tournament credits of a day)",
  ],
  async run(context, args) {
    if (args[0] === 'offer') {
      const { values, positionals } = parseArgs({
        args: args.slice(1),
        allowPositionals: true,
        options: {
          merchant: { type: 'string' },
          enable: { type: 'boolean' },
          disable: { type: 'boolean' },
          hot: { type: 'boolean' },
          'not-hot': { type: 'boolean' },
          order: { type: 'string' },
          'follow-feed': { type: 'boolean' },
          'promo-cap': { type: 'string' },
        },
      });
      return offer(context, positionals, values);
    }
    if (args[0] === 'promotions') {
      const { values, positionals } = parseArgs({
        args: args.slice(1),
        allowPositionals: true,
        options: { merchant: { type: 'string' }, day: { type: 'string' }, limit: { type: 'string' } },
      });
      return promotions(context, positionals, values);
    }
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { secret: { type: 'string' } },
    });
    const [action, file, ...extra] = positionals;
    if (action === 'sync') return sync(context.services.gaming.catalogueSync, context.actor, file, extra);
    if (action !== 'import')
      throw new UsageError(
        'say "import <feed.json>", "sync [VENDOR_CODE]", "offer VENDOR_CODE" or "promotions VENDOR_CODE"',
      );
    if (!file || extra.length > 0) throw new UsageError('give one feed file');
    let feed: unknown;
    try {
      feed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new UsageError(`cannot read ${file} as JSON: ${(error as Error).message}`);
    }
    const result = await context.services.gaming.catalogueSync.importFeed(
      feed,
      values.secret === undefined ? { actor: context.actor } : { walletSecret: values.secret, actor: context.actor },
    );
    const lines = [
      `${result.vendorCreated ? 'Added' : 'Updated'} vendor ${result.vendor} with ${result.games} games; every brand offers them.`,
    ];
    if (result.walletSecret) {
      lines.push(
        `Wallet secret for ${result.vendor} (give it to the vendor; it is not shown again): ${result.walletSecret}`,
      );
    }
    return lines.join('\n');
  },
};
