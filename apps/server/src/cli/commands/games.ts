import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEV_DATA_ENCRYPTION_KEY } from '../../config';
import { AppError } from '../../lib/app-error';
import { BettingService } from '../../modules/betting/betting.service';
import { GamesService } from '../../modules/games/games.service';
import { SecretBox } from '../../modules/vendor/secret-box';
import { VendorService } from '../../modules/vendor/vendor.service';
import { WalletService } from '../../modules/wallet/wallet.service';
import { UsageError, type AdminCommand, type AdminContext } from '../command';

function gamesService(context: AdminContext): GamesService {
  const wallet = new WalletService(context.db);
  const secretBox = new SecretBox(context.dataEncryptionKey ?? DEV_DATA_ENCRYPTION_KEY);
  return new GamesService(context.db, new VendorService(context.db, wallet, new BettingService(context.db), secretBox));
}

/**
 * Catalogue sync now: one vendor's feed read from its catalogue address, or, with no code, every vendor
 * that publishes one (due or not). A vendor whose feed cannot be read keeps its catalogue.
 */
async function sync(games: GamesService, code: string | undefined, extra: string[]): Promise<string> {
  if (extra.length > 0) throw new UsageError('give one vendor code at most');
  if (code !== undefined) {
    const result = await games.syncCatalogue(code);
    return `Read ${result.vendor}'s feed: ${result.games} games; every brand offers them.`;
  }
  const { synced, failed } = await games.syncDueCatalogues(0);
  if (synced.length === 0 && failed.length === 0) return 'No vendor publishes a catalogue address.';
  const lines = synced.map((vendor) => `Read ${vendor}'s feed.`);
  for (const failure of failed)
    lines.push(`Could not read ${failure.code}'s feed (${failure.error}); its catalogue stays as it was.`);
  if (failed.length > 0) throw new AppError('GAME_CATALOGUE_SYNC_FAILED', { reason: lines.join('\n') });
  return lines.join('\n');
}

export const gamesCommand: AdminCommand = {
  name: 'games',
  summary:
    "Import a vendor's catalogue feed (JSON), or read it again from the vendor, and offer its games to every brand",
  usage: ['games import <feed.json> [--secret WALLET_SECRET]', 'games sync [VENDOR_CODE]'],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { secret: { type: 'string' } },
    });
    const [action, file, ...extra] = positionals;
    if (action === 'sync') return sync(gamesService(context), file, extra);
    if (action !== 'import') throw new UsageError('say "import <feed.json>" or "sync [VENDOR_CODE]"');
    if (!file || extra.length > 0) throw new UsageError('give one feed file');
    let feed: unknown;
    try {
      feed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new UsageError(`cannot read ${file} as JSON: ${(error as Error).message}`);
    }
    const result = await gamesService(context).importFeed(
      feed,
      values.secret === undefined ? {} : { walletSecret: values.secret },
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
