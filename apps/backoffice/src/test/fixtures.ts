import {
  permissionsOf,
  type AuditEntry,
  type Dashboard,
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

/** A brand's dashboard as the server answers it: 400 rounds over a week, two categories, one vendor. */
export function buildDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    brand: 'parlay',
    currency: 'KRW',
    currencyExponent: 0,
    timeZone: 'Asia/Seoul',
    from: '2026-11-21',
    to: '2026-11-27',
    granularity: 'day',
    totals: {
      turnoverMinor: 4_200_000,
      validBetMinor: 4_200_000,
      payoutMinor: 3_840_000,
      ggrMinor: 360_000,
      rounds: 400,
      activePlayers: 24,
      signups: 3,
      depositMinor: 0,
      deposits: 0,
      withdrawalMinor: 0,
      withdrawals: 0,
    },
    series: [
      {
        at: '2026-11-26',
        turnoverMinor: 200_000,
        validBetMinor: 200_000,
        payoutMinor: 250_000,
        ggrMinor: -50_000,
        rounds: 20,
        activePlayers: 5,
        signups: 1,
        depositMinor: 0,
        withdrawalMinor: 0,
      },
      {
        at: '2026-11-27',
        turnoverMinor: 4_000_000,
        validBetMinor: 4_000_000,
        payoutMinor: 3_590_000,
        ggrMinor: 410_000,
        rounds: 380,
        activePlayers: 22,
        signups: 2,
        depositMinor: 0,
        withdrawalMinor: 0,
      },
    ],
    byCategory: [
      {
        gameType: 'LIVE',
        turnoverMinor: 3_150_000,
        validBetMinor: 3_150_000,
        payoutMinor: 2_900_000,
        ggrMinor: 250_000,
        rounds: 300,
        activePlayers: 20,
      },
      {
        gameType: 'RNG',
        turnoverMinor: 1_050_000,
        validBetMinor: 1_050_000,
        payoutMinor: 940_000,
        ggrMinor: 110_000,
        rounds: 100,
        activePlayers: 9,
      },
    ],
    byVendor: [
      {
        vassalage: 'TCG_SEA',
        vendorName: 'TCG Sea',
        turnoverMinor: 4_200_000,
        validBetMinor: 4_200_000,
        payoutMinor: 3_840_000,
        ggrMinor: 360_000,
        rounds: 400,
        activePlayers: 24,
      },
    ],
    updatedAt: '2026-11-27T09:00:00.000Z',
    ...overrides,
  };
}
