import { describe, expect, expectTypeOf, it } from 'vitest';
import { callWithParams, type PathParamName } from './call-path';
import {
  ACCOUNT_CALLS,
  BACKOFFICE_CALLS,
  BACKOFFICE_PATH_PREFIX,
  CALL_PATH_PREFIXES,
  GAME_CALLS,
  MESSAGE_CALLS,
  SYSTEM_CALLS,
  VENDOR_WALLET_CALLS,
  WALLET_CALLS,
  type ApiCall,
} from './calls';
import { VENDOR_WALLET_PATHS } from './vendor/wallet';

const TABLES = { ACCOUNT_CALLS, SYSTEM_CALLS, GAME_CALLS, WALLET_CALLS, MESSAGE_CALLS, VENDOR_WALLET_CALLS };
const callsOf = (tables: Record<string, unknown>) =>
  Object.entries(tables).flatMap(([table, calls]) =>
    Object.entries(calls as Record<string, ApiCall>).map(([name, call]) => ({ name: `${table}.${name}`, call })),
  );
const everyCall = callsOf(TABLES);

describe('the call tables', () => {
  it('hold only calls, each at a platform path and one method', () => {
    expect(everyCall.length).toBeGreaterThan(50);
    for (const { name, call } of everyCall) {
      expect(Object.keys(call).sort(), name).toEqual(['method', 'path']);
      expect(['GET', 'POST', 'PUT', 'DELETE'], name).toContain(call.method);
      expect(
        CALL_PATH_PREFIXES.some((prefix) => call.path.startsWith(prefix)),
        `${name}: ${call.path}`,
      ).toBe(true);
    }
  });

  it("hold the back office's calls under its own prefix, apart from the brands' sites", () => {
    const backoffice = callsOf({ BACKOFFICE_CALLS });
    expect(backoffice.length).toBeGreaterThan(10);
    for (const { name, call } of backoffice) {
      expect(Object.keys(call).sort(), name).toEqual(['method', 'path']);
      expect(call.path.startsWith(BACKOFFICE_PATH_PREFIX), `${name}: ${call.path}`).toBe(true);
      expect(
        CALL_PATH_PREFIXES.some((prefix) => call.path.startsWith(prefix)),
        name,
      ).toBe(false);
    }
  });

  it('name each method and path once', () => {
    const routes = [...everyCall, ...callsOf({ BACKOFFICE_CALLS })].map(({ call }) => `${call.method} ${call.path}`);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });

  it('are where the vendor wallet paths come from', () => {
    expect(VENDOR_WALLET_PATHS).toEqual({
      balance: VENDOR_WALLET_CALLS.balance.path,
      debit: VENDOR_WALLET_CALLS.debit.path,
      credit: VENDOR_WALLET_CALLS.credit.path,
      creditBatch: VENDOR_WALLET_CALLS.creditBatch.path,
      rollback: VENDOR_WALLET_CALLS.rollback.path,
    });
  });
});

describe(callWithParams.name, () => {
  it('fills each parameter of the pattern and keeps the method', () => {
    expect(callWithParams(WALLET_CALLS.bettingRecord, { vassalage: 'HOUSE', roundId: 'r-1' })).toEqual({
      method: 'GET',
      path: '/wps/member/betting/records/HOUSE/r-1',
    });
  });

  it('encodes a value so that it stays one segment of the path', () => {
    const { path } = callWithParams(WALLET_CALLS.bettingRecord, { vassalage: 'A/B', roundId: 'x?y#z 1' });
    expect(path).toBe('/wps/member/betting/records/A%2FB/x%3Fy%23z%201');
  });

  it('asks for exactly the parameters the pattern names', () => {
    expectTypeOf<PathParamName<typeof WALLET_CALLS.bettingRecord.path>>().toEqualTypeOf<'vassalage' | 'roundId'>();
    expectTypeOf<PathParamName<'/wps/a/:id'>>().toEqualTypeOf<'id'>();
    expectTypeOf<PathParamName<typeof WALLET_CALLS.balance.path>>().toEqualTypeOf<never>();
  });
});
