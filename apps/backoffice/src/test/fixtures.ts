import {
  permissionsOf,
  type AuditEntry,
  type OperatorDetail,
  type OperatorSession,
  type RoleName,
} from '@parlay/contract';

export const DEMO_BRAND = { code: 'parlay', name: 'Parlay' };
export const OTHER_BRAND = { code: 'sunrise', name: 'Sunrise' };

/** A signed-in operator as GET /bo/api/session answers it: an owner of every brand unless told otherwise. */
export function buildSession(
  overrides: { roles?: RoleName[]; brands?: { code: string; name: string }[]; id?: number } = {},
): OperatorSession {
  const roles = overrides.roles ?? ['owner'];
  return {
    operator: { id: overrides.id ?? 1, login: 'demo-owner', name: 'Demo Owner', email: 'demo-owner@parlay.example' },
    roles,
    permissions: permissionsOf(roles),
    allBrands: roles.includes('owner'),
    brands: overrides.brands ?? [DEMO_BRAND, OTHER_BRAND],
    expiresAt: new Date(Date.now() + 12 * 3600_000).toISOString(),
    idleSeconds: 1800,
    recoveryCodesLeft: 10,
  };
}

export function buildOperator(overrides: Partial<OperatorDetail> = {}): OperatorDetail {
  const id = overrides.id ?? 7;
  return {
    id,
    login: `operator${id}`,
    name: `Operator ${id}`,
    email: `operator${id}@parlay.example`,
    roles: ['support'],
    allBrands: false,
    brands: ['parlay'],
    status: 'active',
    totpEnrolled: true,
    lastSignInAt: '2026-11-26T08:00:00.000Z',
    createdAt: '2026-11-01T08:00:00.000Z',
    version: 3,
    suspendedAt: null,
    suspendedReason: null,
    liveSessions: 1,
    invitationExpiresAt: null,
    recoveryCodesLeft: 9,
    ...overrides,
  };
}

export function buildAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '41',
    at: '2026-11-27T09:10:00.000Z',
    actor: 'operator:1',
    operatorId: 1,
    operatorLogin: 'demo-owner',
    brand: 'parlay',
    action: 'operator.suspend',
    targetType: 'operator',
    targetId: '7',
    before: { status: 'active', version: 3 },
    after: { status: 'suspended', version: 4, suspendedReason: 'left' },
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    ...overrides,
  };
}
