import { parseArgs } from 'node:util';
import { ROLE_NAMES, type OperatorDetail, type RoleName } from '@parlay/contract';
import { AppError } from '../../lib/app-error';
import { UsageError, type AdminCommand, type CommandContext } from '../command';

function describe(operator: OperatorDetail): string {
  const brands = operator.allBrands ? 'every brand' : operator.brands.join(', ');
  const state = [
    operator.status,
    operator.totpEnrolled ? 'authenticator enrolled' : 'no authenticator yet',
    `${operator.liveSessions} live session(s)`,
    ...(operator.invitationExpiresAt ? [`invitation until ${operator.invitationExpiresAt}`] : []),
  ];
  return `${operator.login} (${operator.name}, ${operator.email}): ${operator.roles.join(', ')} on ${brands}; ${state.join(', ')}`;
}

function parseRoles(text: string | undefined): RoleName[] {
  const roles = (text ?? '').split(',').map((role) => role.trim());
  const unknown = roles.filter((role) => !(ROLE_NAMES as readonly string[]).includes(role));
  if (roles.length === 0 || unknown.length > 0) {
    throw new UsageError(`--role is one or more of ${ROLE_NAMES.join(', ')}, separated by commas`);
  }
  return roles as RoleName[];
}

async function operatorId(context: CommandContext, login: string | undefined): Promise<number> {
  if (!login) throw new UsageError("give the operator's login");
  return (await context.services.backoffice.operators.getByLogin(login)).id;
}

/** A brand's IP allow-list for the back office: shown, or cleared (an owner locked out by it gets back in). */
async function allowList(context: CommandContext, action: string | undefined, merchantCode: string): Promise<string> {
  const brand = await context.services.merchants.findByCode(merchantCode);
  if (!brand) throw new AppError('MERCHANT_NOT_FOUND', { merchantCode });
  const lists = context.services.backoffice.ipAllowLists;
  if (action === 'clear') {
    await lists.set(context.actor, brand, { entries: [], version: null });
    return `The back office of ${merchantCode} is open to every IP again.`;
  }
  if (action !== 'show') throw new UsageError('say "ip-allow show" or "ip-allow clear"');
  const list = await lists.get(brand, '');
  if (list.entries.length === 0)
    return `The back office of ${merchantCode} has no IP allow-list: every IP may call it.`;
  return [
    `Back-office calls for ${merchantCode} may come from:`,
    ...list.entries.map((entry) => `  ${entry.cidr}${entry.note ? `  (${entry.note})` : ''}`),
  ].join('\n');
}

/**
 * Operators of the back office from the server's machine: the first owner of a new deployment is created
 * here, and an owner locked out (a lost authenticator, a wrong IP allow-list) gets back in here. Every change
 * is audited as `cli:<OS user>`.
 */
export const operatorsCommand: AdminCommand = {
  name: 'operators',
  summary: "Create, list, suspend or change back-office operators; print a demo operator's code",
  usage: [
    'operators list',
    'operators show LOGIN',
    'operators create LOGIN --name NAME --email EMAIL --role ROLE[,ROLE] (--merchant CODE[,CODE] | --all-brands)   (prints the invitation link)',
    'operators invite LOGIN   (a new invitation link; the earlier one stops working)',
    'operators suspend LOGIN --reason TEXT',
    'operators reactivate LOGIN',
    `operators roles LOGIN --role ROLE[,ROLE]   (${ROLE_NAMES.join(', ')})`,
    'operators reset-totp LOGIN   (enrols a new authenticator at the next sign-in; sessions end)',
    'operators ip-allow show|clear [--merchant CODE]',
    "operators totp LOGIN   (the code a demo operator's authenticator shows now: demo secret only)",
  ],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string' },
        merchant: { type: 'string' },
        'all-brands': { type: 'boolean' },
        reason: { type: 'string' },
      },
    });
    const [action, login, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}`);
    const { operators, signIn } = context.services.backoffice;
    const { actor } = context;

    switch (action) {
      case 'list': {
        const page = await operators.list(actor, { limit: 200 });
        return page.items.length === 0
          ? 'No operators yet: operators create LOGIN ... --role owner --all-brands'
          : page.items
              .map(
                (operator) =>
                  `${operator.login}  ${operator.status}  ${operator.roles.join(',')}  ${operator.allBrands ? '*' : operator.brands.join(',')}`,
              )
              .join('\n');
      }
      case 'show':
        return describe(await operators.getByLogin(login ?? ''));
      case 'create': {
        if (!login || !values.name || !values.email) throw new UsageError('give LOGIN, --name and --email');
        if (Boolean(values['all-brands']) === (values.merchant !== undefined)) {
          throw new UsageError('give --merchant CODE[,CODE] or --all-brands');
        }
        const invitation = await operators.invite(
          actor,
          {
            login: login.toLowerCase(),
            name: values.name,
            email: values.email.toLowerCase(),
            roles: parseRoles(values.role),
            allBrands: values['all-brands'] ?? false,
            brands: values.merchant?.split(',').map((code) => code.trim()) ?? [],
          },
          'link',
        );
        return [
          describe(invitation.operator),
          `Invitation link (give it to ${invitation.operator.name}; it works once, until ${invitation.expiresAt.toISOString()}):`,
          invitation.link ?? '',
        ].join('\n');
      }
      case 'invite': {
        const invitation = await operators.reinvite(actor, await operatorId(context, login), 'link');
        return `New invitation link for ${invitation.operator.login} (until ${invitation.expiresAt.toISOString()}):\n${invitation.link ?? ''}`;
      }
      case 'suspend': {
        if (!values.reason) throw new UsageError('--reason TEXT is required');
        return describe(await operators.suspend(actor, await operatorId(context, login), values.reason, null));
      }
      case 'reactivate':
        return describe(await operators.reactivate(actor, await operatorId(context, login), null));
      case 'roles':
        return describe(
          await operators.setRoles(actor, await operatorId(context, login), parseRoles(values.role), null),
        );
      case 'reset-totp':
        return describe(await operators.resetTotp(actor, await operatorId(context, login), null));
      case 'ip-allow':
        if (values.merchant?.includes(',')) throw new UsageError('one --merchant CODE');
        return allowList(context, login, values.merchant ?? context.defaultMerchantCode);
      case 'totp': {
        const code = await signIn.currentDemoCode(login ?? '');
        if (code === null) {
          throw new UsageError(
            'only for a demo operator whose authenticator is still the demo secret (README, "Back office")',
          );
        }
        return code;
      }
      default:
        throw new UsageError(
          'say list, show, create, invite, suspend, reactivate, roles, reset-totp, ip-allow or totp',
        );
    }
  },
};
