import { parseArgs } from 'node:util';
import { CloseRoundRequestSchema } from '@parlay/contract';
import { AppError } from '../../lib/app-error';
import { ABANDONED_ROUND_AFTER_MS } from '../../modules/betting/index';
import { UsageError, type AdminCommand, type CommandContext } from '../command';

const HOUR_MS = 3_600_000;
const DEFAULT_HOURS = ABANDONED_ROUND_AFTER_MS / HOUR_MS;
const DEFAULT_LIMIT = 50;

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,6}$/.test(value) || Number(value) === 0) throw new UsageError(`--${name} is a whole number above 0`);
  return Number(value);
}

/** Open rounds older than --hours (24), oldest first: the ones a vendor may have abandoned. */
async function listOpen(context: CommandContext, values: Record<string, unknown>) {
  const hours = wholeNumber('hours', values.hours as string | undefined, DEFAULT_HOURS);
  const limit = wholeNumber('limit', values.limit as string | undefined, DEFAULT_LIMIT);
  let merchantId: number | undefined;
  if (values.merchant !== undefined) {
    const brand = await context.services.merchants.findByCode(values.merchant as string);
    if (!brand) throw new AppError('MERCHANT_NOT_FOUND');
    merchantId = brand.id;
  }
  const rounds = await context.services.gaming.betting.listOpenRounds({
    olderThanMs: hours * HOUR_MS,
    merchantId,
    limit,
  });
  if (rounds.length === 0) return `No round has been open for more than ${hours} h.`;
  const lines = rounds.map(
    (round) =>
      `${round.startedAt}  ${round.vassalage} ${round.roundId}  ${round.merchantCode}/${round.account}  ` +
      `${round.gameCode}  stake ${round.stakeMinor} win ${round.winMinor} ${round.currency} (minor units)`,
  );
  lines.unshift(
    `Rounds open for more than ${hours} h, oldest first${rounds.length === limit ? ` (first ${limit})` : ''}:`,
  );
  lines.push('Ask the vendor how each ended, then: rounds cancel|settle VENDOR ROUND_ID --reason TEXT');
  return lines.join('\n');
}

export const roundsCommand: AdminCommand = {
  name: 'rounds',
  summary:
    'List rounds left open by their vendor, and end one: cancel (the stakes go back) or settle as it stands, with a reason',
  usage: [
    'rounds open [--hours 24] [--limit 50] [--merchant CODE]',
    'rounds cancel VENDOR_CODE ROUND_ID --reason TEXT (gives back every stake still debited; only with no win)',
    'rounds settle VENDOR_CODE ROUND_ID --reason TEXT (ends it as it stands; no money moves)',
  ],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        hours: { type: 'string' },
        limit: { type: 'string' },
        merchant: { type: 'string' },
        reason: { type: 'string' },
      },
    });
    const [action, vassalage, roundId, ...extra] = positionals;
    if (action === 'open') {
      if (positionals.length > 1) throw new UsageError('"open" takes no more words');
      return listOpen(context, values);
    }
    if (action !== 'cancel' && action !== 'settle') throw new UsageError('say "open", "cancel" or "settle"');
    if (extra.length > 0) throw new UsageError('give one vendor code and one round id');
    const parsed = CloseRoundRequestSchema.safeParse({
      vassalage,
      roundId,
      outcome: action === 'cancel' ? 'cancelled' : 'settled',
      reason: values.reason,
    });
    if (!parsed.success) {
      const names: Record<string, string> = { vassalage: 'VENDOR_CODE', roundId: 'ROUND_ID', reason: '--reason' };
      throw new UsageError(
        parsed.error.issues
          .map((issue) => `${names[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`)
          .join('; '),
      );
    }
    const closed = await context.services.gaming.abandonedRounds.closeAbandonedRound(context.actor, parsed.data);
    const round = `round ${closed.roundId} of ${closed.vassalage} (${closed.account})`;
    if (closed.outcome === 'settled') return `Settled ${round} as it stood; no money moved.`;
    return closed.refundedMinor === 0
      ? `Cancelled ${round}; it had no stake to give back.`
      : `Cancelled ${round}: gave back ${closed.refundedMinor} ${closed.currency} (minor units); balance ${closed.balanceMinor}.`;
  },
};
