import { parseArgs } from 'node:util';
import { PASSWORD_MAX_AGE_DAYS } from '@parlay/contract';
import { UsageError, type AdminCommand } from '../command';

export const memberCommand: AdminCommand = {
  name: 'member',
  summary: 'Show an account, give it a default password or expire its password (next sign-in must change it)',
  usage: [
    'member show --account NAME [--merchant CODE]',
    'member default-password --account NAME [--password TEXT] [--merchant CODE] (generated when not given)',
    'member expire-password --account NAME [--merchant CODE]',
  ],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        account: { type: 'string' },
        password: { type: 'string' },
        merchant: { type: 'string' },
      },
    });
    const [action, ...extra] = positionals;
    if (action !== 'show' && action !== 'default-password' && action !== 'expire-password') {
      throw new UsageError('say "show", "default-password" or "expire-password"');
    }
    if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}`);
    if (!values.account) throw new UsageError('--account NAME is required');
    if (values.password !== undefined && action !== 'default-password') {
      throw new UsageError('--password goes with default-password only');
    }
    const code = values.merchant ?? context.defaultMerchantCode;
    const members = context.services.admin.members;

    if (action === 'show') {
      const member = await members.describe(code, values.account);
      return [
        `${member.account} on ${code}: type ${member.type}${member.isFreePlay ? ' (free-play guest)' : ''}, ${member.status}`,
        `  password: ${member.passwordIsDefault ? 'default (must change at next sign-in)' : 'chosen by the member'}, ` +
          `changed ${member.passwordChangedAt?.toISOString() ?? 'never'}${member.passwordExpired ? ' (expired)' : ''}`,
        `  last sign-in: ${member.lastLoginAt?.toISOString() ?? 'never'}`,
        `  mobile: ${member.hasMobile ? 'bound' : 'none'}, e-mail: ${member.hasEmail ? 'bound' : 'none'}`,
      ].join('\n');
    }
    if (action === 'default-password') {
      const result = await members.setDefaultPassword(context.actor, code, values.account, values.password);
      return [
        `${result.account} on ${code} now has a default password${values.password === undefined ? `: ${result.password}` : '.'}`,
        `The next sign-in with it opens the change-password dialog; ${result.endedSessions} session(s) ended.`,
      ].join('\n');
    }
    const result = await members.expirePassword(context.actor, code, values.account);
    return result.forced
      ? `The password of ${result.account} on ${code} is now older than ${PASSWORD_MAX_AGE_DAYS} days: the next sign-in must change it.`
      : `The password of ${result.account} on ${code} is now older than ${PASSWORD_MAX_AGE_DAYS} days, but FORCE_PASSWORD_CHANGE is off for ${code}, so the change is not forced (admin flag set FORCE_PASSWORD_CHANGE on).`;
  },
};
