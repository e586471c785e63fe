import { parseArgs } from 'node:util';
import { isModuleEnabled, type WhitelabelNode } from '@parlay/contract';
import { UsageError, type AdminCommand } from '../command';

export const flagCommand: AdminCommand = {
  name: 'flag',
  summary: "Switch or list the brand's whitelabel feature flags",
  usage: ['flag set <modId> on|off [--merchant CODE]', 'flag list [--merchant CODE]'],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { merchant: { type: 'string' } },
    });
    const code = values.merchant ?? context.defaultMerchantCode;
    const admin = context.services.admin.merchants;
    const [action, modId, state, ...extra] = positionals;
    if (action === 'list') {
      if (modId !== undefined) throw new UsageError(`unexpected ${positionals.slice(1).join(' ')}`);
      const { merchant } = await admin.getBrand(code);
      return [`Whitelabel tree of ${code}:`, ...describeTree(merchant.whitelabel, merchant.whitelabel)].join('\n');
    }
    if (action !== 'set') throw new UsageError('say "set" or "list"');
    if (!modId || (state !== 'on' && state !== 'off') || extra.length > 0) {
      throw new UsageError('flag set <modId> on|off');
    }
    const merchant = await admin.setFlag(context.actor, code, modId, state === 'on');
    const effective = isModuleEnabled(merchant.whitelabel, modId);
    return `${modId} is ${state} for ${code}${state === 'on' && !effective ? ' (but a parent module is off, so it stays hidden)' : ''}.`;
  },
};

function describeTree(root: readonly WhitelabelNode[], nodes: readonly WhitelabelNode[], depth = 1): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${node.enabled === '1' ? '[on] ' : '[off]'} ${node.modId}${
      node.enabled === '1' && !isModuleEnabled(root, node.modId) ? ' (hidden: a parent is off)' : ''
    }`,
    ...describeTree(root, node.childrenNodes, depth + 1),
  ]);
}
