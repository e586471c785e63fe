// Who may do what in the back office (docs/decisions/0032-back-office-operators-and-audit.md). Zod-free: the
// server checks a route's permission on arrival, and the back office's start-up code hides what an operator
// may not use, from the same lists.

/** Every permission a back-office route can ask for. */
export const PERMISSIONS = [
  'dashboard.read',
  'players.read',
  /** Lock and unlock, force a password change, end sessions, notes. */
  'players.write',
  /** Balance adjustments. */
  'players.money',
  'brand.read',
  'brand.write',
  'content.read',
  'content.write',
  /** A brand's points-mall products and exchange orders (decision 0045). */
  'pointMall.read',
  /** Add and edit points-mall products: stock, pictures, dates, limits. */
  'pointMall.products',
  /** Approve, complete and reject points-mall exchange orders (a rejection gives points and money back). */
  'pointMall.exchanges',
  'games.read',
  /** A brand's offer, catalogue sync, house-game limits. */
  'games.write',
  /** Cancel or settle a round its vendor abandoned. */
  'rounds.close',
  /** Rotate the request-encryption keys. */
  'keys.rotate',
  'reports.read',
  'operators.read',
  /** Invite, suspend, change roles and brands, a brand's IP allow-list. */
  'operators.write',
  'audit.read',
  /** A brand's sent messages and its feedback inbox. */
  'messages.read',
  /** Write to members' mailboxes (one, a segment, everyone) and answer feedback. */
  'messages.write',
  /** A brand's VIP levels, members by level and level changes. */
  'vip.read',
  /** Edit VIP levels, their benefits, the rolling period and the downgrade grace. */
  'vip.write',
  /** Review members' identity documents: approve or reject (decision 0043). */
  'kyc.review',
  /** The withdrawal review queue, payouts, confirmation cases and their proofs. */
  'withdrawals.read',
  /** Approve, reject, pay and resolve withdrawals; a brand's withdrawal settings. */
  'withdrawals.write',
  /** A brand's deposit orders, its payment methods and the configured providers. */
  'deposits.read',
  /** Confirm or reject manual bank transfers; edit a brand's payment methods. */
  'deposits.write',
  /** A brand's point rates and period, and members' point ledgers. */
  'points.read',
  /** Change a brand's point rates and period; adjust a member's points by hand (audited). */
  'points.write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What a route asks of its caller besides a permission: 'signedIn' any signed-in operator (the operator's
 * own session), 'public' nobody (the sign-in steps and accepting an invitation).
 */
export type RoutePermission = Permission | 'signedIn' | 'public';

export const ROLE_NAMES = ['owner', 'admin', 'finance', 'risk', 'support', 'content', 'readOnly'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const READS = PERMISSIONS.filter((permission) => permission.endsWith('.read'));

/**
 * The permissions of each role. An owner and an admin hold every permission; only an owner may give or
 * take the owner role or act on an owner, and the last active owner can be neither suspended nor demoted.
 */
export const ROLES: Readonly<Record<RoleName, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  finance: [
    'dashboard.read',
    'players.read',
    'players.money',
    'reports.read',
    'rounds.close',
    'pointMall.read',
    'pointMall.exchanges',
    'withdrawals.read',
    'withdrawals.write',
    'deposits.read',
    'deposits.write',
    'points.read',
    'points.write',
  ],
  risk: ['dashboard.read', 'players.read', 'players.write', 'reports.read', 'audit.read', 'kyc.review'],
  support: ['players.read', 'players.write', 'messages.read', 'messages.write'],
  content: ['brand.read', 'content.read', 'content.write', 'pointMall.read', 'pointMall.products'],
  // Bank account numbers are finance's: read-only sees no withdrawals.
  readOnly: READS.filter(
    (permission) => permission !== 'audit.read' && permission !== 'operators.read' && permission !== 'withdrawals.read',
  ),
};

/** The permissions of a set of roles, in the order of PERMISSIONS. */
export function permissionsOf(roles: readonly RoleName[]): Permission[] {
  const held = new Set(roles.flatMap((role) => ROLES[role]));
  return PERMISSIONS.filter((permission) => held.has(permission));
}

/** Whether roles grant what a route asks for ('signedIn' and 'public' always). */
export function rolesAllow(roles: readonly RoleName[], needed: RoutePermission): boolean {
  if (needed === 'signedIn' || needed === 'public') return true;
  return roles.some((role) => ROLES[role].includes(needed));
}
