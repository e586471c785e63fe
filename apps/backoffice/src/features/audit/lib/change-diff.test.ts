import { describe, expect, it } from 'vitest';
import { diffChange, formatValue } from './change-diff';

describe('diffChange', () => {
  it('names what a change to an operator changed and what it left as it was', () => {
    const rows = diffChange(
      { status: 'active', roles: ['support'], version: 3 },
      { status: 'suspended', roles: ['support'], version: 4, suspendedReason: 'left the company' },
    );
    expect(rows).toEqual([
      { path: 'status', before: 'active', after: 'suspended', change: 'changed' },
      { path: 'roles', before: ['support'], after: ['support'], change: 'same' },
      { path: 'version', before: 3, after: 4, change: 'changed' },
      { path: 'suspendedReason', before: undefined, after: 'left the company', change: 'added' },
    ]);
  });

  it('walks into lists of objects, one value at a time', () => {
    const rows = diffChange(
      { entries: [{ cidr: '10.0.0.0/8', note: 'office' }] },
      {
        entries: [
          { cidr: '10.0.0.0/8', note: 'head office' },
          { cidr: '203.0.113.7', note: '' },
        ],
      },
    );
    expect(rows.filter((row) => row.change !== 'same').map((row) => [row.path, row.change])).toEqual([
      ['entries.0.note', 'changed'],
      ['entries.1.cidr', 'added'],
      ['entries.1.note', 'added'],
    ]);
  });

  it('reads a creation as every value added and a removal as every value removed', () => {
    expect(diffChange(null, { login: 'kim' })).toEqual([
      { path: 'login', before: undefined, after: 'kim', change: 'added' },
    ]);
    expect(diffChange({ login: 'kim' }, null)).toEqual([
      { path: 'login', before: 'kim', after: undefined, change: 'removed' },
    ]);
  });

  it('compares plain values recorded whole', () => {
    expect(diffChange(true, false)).toEqual([{ path: '(value)', before: true, after: false, change: 'changed' }]);
  });
});

describe('formatValue', () => {
  it('joins a list, keeps text and writes anything else as JSON', () => {
    expect(formatValue(['owner', 'risk'])).toBe('owner, risk');
    expect(formatValue([])).toBe('[]');
    expect(formatValue('on')).toBe('on');
    expect(formatValue(null)).toBe('null');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
  });
});
