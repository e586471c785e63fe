import { parseArgs } from 'node:util';
import { AdjustmentRequestSchema } from '@parlay/contract';
import { UsageError, type AdminCommand } from '../command';

export const walletCommand: AdminCommand = {
  name: 'wallet',
  summary: "Credit or debit a member's wallet through the ledger, with a reason (idempotent by --key)",
  usage: [
    'wallet adjust --account NAME --amount MINOR --reason TEXT --key IDEMPOTENCY_KEY [--merchant CODE]',
    'wallet adjust --account NAME --amount=-MINOR ... (a debit: write the negative amount with =)',
  ],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        account: { type: 'string' },
        amount: { type: 'string' },
        reason: { type: 'string' },
        key: { type: 'string' },
        merchant: { type: 'string' },
      },
    });
    if (positionals[0] !== 'adjust' || positionals.length > 1) throw new UsageError('say "adjust"');
    if (values.amount === undefined || !/^-?\d+$/.test(values.amount)) {
      throw new UsageError('--amount is a whole number of minor units, negative to debit');
    }
    const parsed = AdjustmentRequestSchema.safeParse({
      merchantCode: values.merchant ?? context.defaultMerchantCode,
      account: values.account,
      amountMinor: Number(values.amount),
      reason: values.reason,
      idempotencyKey: values.key,
    });
    if (!parsed.success) {
      throw new UsageError(
        parsed.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join('; '),
      );
    }
    const { gaming, merchants } = context.services;
    const result = await gaming.wallet.adjust(parsed.data, merchants, context.actor);
    const verb = parsed.data.amountMinor > 0 ? 'Credited' : 'Debited';
    return result.applied
      ? `${verb} ${Math.abs(parsed.data.amountMinor)} ${result.currency} (minor units) for ${result.account}; balance ${result.balanceMinor}.`
      : `Key ${parsed.data.idempotencyKey} was already applied; nothing moved. Balance of ${result.account}: ${result.balanceMinor}.`;
  },
};
