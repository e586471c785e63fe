import { parseArgs } from 'node:util';
import { KEY_ROTATION_GRACE_SECONDS, MAX_KEY_ROTATION_GRACE_SECONDS } from '../../modules/auth/index';
import { UsageError, type AdminCommand } from '../command';

function toGraceSeconds(value: string | undefined): number {
  if (value === undefined) return KEY_ROTATION_GRACE_SECONDS;
  if (!/^\d+$/.test(value) || Number(value) > MAX_KEY_ROTATION_GRACE_SECONDS) {
    throw new UsageError(`--grace is a whole number of seconds from 0 to ${MAX_KEY_ROTATION_GRACE_SECONDS}`);
  }
  return Number(value);
}

/** Request encryption keys (decision 0006): every instance reads them from the database. */
export const keysCommand: AdminCommand = {
  name: 'keys',
  summary: 'List or rotate the request-encryption (JWE) keys; a rotated key still decrypts during its grace',
  usage: [
    'keys list',
    `keys rotate [--grace SECONDS] (default ${KEY_ROTATION_GRACE_SECONDS}; 0 stops the old key at once, for a leaked key)`,
  ],
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { grace: { type: 'string' } },
    });
    const [action, ...extra] = positionals;
    if (action !== 'list' && action !== 'rotate') throw new UsageError('say "list" or "rotate"');
    if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}`);
    const keys = context.services.encryptionKeys;

    if (action === 'list') {
      if (values.grace !== undefined) throw new UsageError('--grace goes with "keys rotate"');
      const all = await keys.listKeys();
      const usable = all.filter((key) => key.isUsable);
      if (usable.length === 0) {
        return 'No usable encryption key yet: a server makes one when it first serves the public key.';
      }
      const expired = all.length - usable.length;
      return [
        ...usable.map(
          (key) =>
            `${key.kid}  created ${key.createdAt.toISOString()}  ` +
            (key.isCurrent
              ? 'current'
              : `retiring: retired ${key.retiredAt?.toISOString() ?? '?'}, decrypts until ${key.decryptUntil?.toISOString() ?? '?'}`),
        ),
        ...(expired > 0 ? [`${expired} older key(s) past their grace no longer decrypt.`] : []),
      ].join('\n');
    }

    const graceSeconds = toGraceSeconds(values.grace);
    const previous = (await keys.listKeys()).find((key) => key.isCurrent);
    const kid = await keys.rotate(context.actor, graceSeconds);
    const retired = previous && (await keys.listKeys()).find((key) => key.kid === previous.kid);
    // Each server caches the key table for a minute, so neither change is instant everywhere.
    const pickUp = 'Servers serve the new public key within a minute.';
    if (!retired) return `New current key ${kid} (there was no current key before). ${pickUp}`;
    return [
      `New current key ${kid}.`,
      graceSeconds === 0
        ? `The previous key ${retired.kid} has no grace: servers refuse bodies made with it within a minute.`
        : `The previous key ${retired.kid} decrypts until ${retired.decryptUntil?.toISOString() ?? '?'} (grace ${graceSeconds} s).`,
      pickUp,
    ].join('\n');
  },
};
