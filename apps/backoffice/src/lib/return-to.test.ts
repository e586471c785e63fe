import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to';

describe(safeReturnPath.name, () => {
  it('goes back to a page of the back office, its query kept', () => {
    expect(safeReturnPath('/operators?status=active')).toBe('/operators?status=active');
  });

  it('never leads to another site or back to sign-in', () => {
    for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example', '/sign-in?next=/x', '', null]) {
      expect(safeReturnPath(next), String(next)).toBe('/');
    }
  });
});
