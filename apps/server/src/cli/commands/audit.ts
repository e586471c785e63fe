import { parseArgs } from 'node:util';
import { AuditQuerySchema } from '@parlay/contract';
import { UsageError, type AdminCommand } from '../command';

/** The audit trail, newest first, as the back office's page searches it. */
export const auditCommand: AdminCommand = {
  name: 'audit',
  summary: 'List the audit trail: every change made through the back office or this CLI, newest first',
  usage: [
    'audit list [--operator LOGIN | --actor cli:USER] [--action operator.suspend | --action operator.] [--target TYPE[:ID]] [--merchant CODE] [--from ISO] [--to ISO] [--limit 50] [--before ID]',
  ],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        operator: { type: 'string' },
        actor: { type: 'string' },
        action: { type: 'string' },
        target: { type: 'string' },
        merchant: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        limit: { type: 'string' },
        before: { type: 'string' },
      },
    });
    if (positionals[0] !== 'list' || positionals.length > 1) throw new UsageError('say "list"');
    const [targetType, ...targetId] = values.target?.split(':') ?? [];
    const parsed = AuditQuerySchema.safeParse({
      operatorId:
        values.operator === undefined
          ? undefined
          : (await context.services.backoffice.operators.getByLogin(values.operator)).id,
      actor: values.actor,
      action: values.action,
      targetType,
      targetId: targetId.length > 0 ? targetId.join(':') : undefined,
      brand: values.merchant,
      from: values.from,
      to: values.to,
      limit: values.limit ?? 50,
      cursor: values.before,
    });
    if (!parsed.success) {
      throw new UsageError(
        parsed.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join('; '),
      );
    }
    const page = await context.services.audit.search({ allBrands: true, merchantIds: [] }, parsed.data);
    if (page.items.length === 0) return 'No change matches.';
    const lines = page.items.map((entry) => {
      const who = entry.operatorLogin ? `${entry.actor} (${entry.operatorLogin})` : entry.actor;
      const change = `${JSON.stringify(entry.before)} -> ${JSON.stringify(entry.after)}`;
      return `#${entry.id} ${entry.at}  ${who}  ${entry.brand ?? '(platform)'}  ${entry.action} ${entry.targetType}:${entry.targetId}  ${change}`;
    });
    if (page.nextCursor) lines.push(`… older: --before ${page.nextCursor}`);
    return lines.join('\n');
  },
};
