import { parseArgs } from 'node:util';
import { DEPOSIT_STATES, type DepositState } from '@parlay/contract';
import { AppError } from '../../lib/app-error';
import { UsageError, type AdminCommand } from '../command';

/** The deposits of the cashier (decision 0039), as finance sees them in the back office's Deposits page. */
export const cashierCommand: AdminCommand = {
  name: 'cashier',
  summary: "A brand's deposit orders, finance's review of bank transfers, the providers, the reconciliation now",
  usage: [
    'cashier deposits [--state created|pending|credited|failed|expired] [--bank] [--merchant CODE] (newest 20)',
    'cashier confirm ORDER_ID [--merchant CODE] (credits a bank transfer that arrived, audited)',
    'cashier reject ORDER_ID --reason TEXT [--merchant CODE] (the member is told the reason, audited)',
    'cashier providers (the configured payment providers, never their secrets)',
    'cashier reconcile (asks the providers about open orders and expires those past their time, once)',
  ],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        state: { type: 'string' },
        bank: { type: 'boolean' },
        reason: { type: 'string' },
        merchant: { type: 'string' },
      },
    });
    const [action, orderId] = positionals;
    const { cashier, merchants } = context.services;
    const brandOf = async () => {
      const code = values.merchant ?? context.defaultMerchantCode;
      const brand = await merchants.findByCode(code);
      if (!brand) throw new AppError('MERCHANT_NOT_FOUND', { merchantCode: code });
      return brand;
    };
    const idOf = () => {
      if (orderId === undefined || !/^\d{1,15}$/.test(orderId)) throw new UsageError('name the order by its id');
      return Number(orderId);
    };
    const line = (order: {
      id: number;
      orderNo: string;
      account: string;
      methodName: string;
      amountMinor: number;
      currency: string;
      state: string;
      bankReference: string | null;
      failureReason: string | null;
    }) =>
      [
        order.id,
        order.orderNo,
        order.account,
        order.methodName,
        `${order.amountMinor} ${order.currency}`,
        order.state,
        order.bankReference ?? '',
        order.failureReason ?? '',
      ]
        .join('\t')
        .trimEnd();
    switch (action) {
      case 'deposits': {
        if (values.state !== undefined && !DEPOSIT_STATES.includes(values.state as DepositState)) {
          throw new UsageError(`--state is one of ${DEPOSIT_STATES.join(', ')}`);
        }
        const page = await cashier.deposits.listBrandOrders((await brandOf()).id, {
          state: values.state as DepositState | undefined,
          kind: values.bank ? 'manual_bank' : undefined,
          limit: 20,
        });
        if (page.items.length === 0) return 'No deposit orders.';
        return ['id\torder\tplayer\tmethod\tamount\tstate\treference\treason', ...page.items.map(line)].join('\n');
      }
      case 'confirm': {
        const order = await cashier.deposits.confirmManual((await brandOf()).id, idOf(), context.actor);
        return `Credited ${order.creditMinor} ${order.currency} (minor units) to ${order.account} for ${order.orderNo}.`;
      }
      case 'reject': {
        const reason = values.reason?.trim() ?? '';
        if (reason.length < 3 || reason.length > 200) throw new UsageError('--reason is 3 to 200 characters');
        const order = await cashier.deposits.rejectManual((await brandOf()).id, idOf(), reason, context.actor);
        return `Rejected ${order.orderNo} of ${order.account}: ${reason}.`;
      }
      case 'providers': {
        const providers = await cashier.listProviders();
        if (providers.length === 0) return 'No payment provider is configured.';
        return providers.map((provider) => `${provider.code}\t${provider.adapter}\t${provider.baseUrl}`).join('\n');
      }
      case 'reconcile': {
        const result = await cashier.deposits.reconcile();
        return `Looked at ${result.claimed}: ${result.credited} credited, ${result.failed} failed, ${result.expired} expired, ${result.unanswered} not answered.`;
      }
      default:
        throw new UsageError('say deposits, confirm, reject, providers or reconcile');
    }
  },
};
