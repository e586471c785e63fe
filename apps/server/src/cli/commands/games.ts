import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEV_DATA_ENCRYPTION_KEY } from '../../config';
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

export const gamesCommand: AdminCommand = {
  name: 'games',
  summary: "Import a vendor's catalogue feed (JSON) and offer its games to every brand",
  usage: ['games import <feed.json> [--secret WALLET_SECRET]'],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { secret: { type: 'string' } },
    });
    const [action, file, ...extra] = positionals;
    if (action !== 'import') throw new UsageError('say "import <feed.json>"');
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
