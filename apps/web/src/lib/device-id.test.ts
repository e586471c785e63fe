import { DEVICE_ID_PATTERN } from '@parlay/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceId } from './device-id';
import { LOCAL_KEYS } from './storage';

describe(deviceId.name, () => {
  beforeEach(() => {
    localStorage.removeItem(LOCAL_KEYS.deviceId);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes a random 128-bit id once, keeps it under deviceId and answers it again', () => {
    const id = deviceId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(localStorage.getItem(LOCAL_KEYS.deviceId)).toBe(id);
    expect(deviceId()).toBe(id);

    // Another browser (another store) gets another id.
    localStorage.removeItem(LOCAL_KEYS.deviceId);
    const other = deviceId();
    expect(other).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(other).not.toBe(id);
  });

  it('replaces a kept value the server would ignore', () => {
    localStorage.setItem(LOCAL_KEYS.deviceId, 'not an id!');
    const id = deviceId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(localStorage.getItem(LOCAL_KEYS.deviceId)).toBe(id);
  });

  it('answers null, and throws nothing, when local storage cannot be used', () => {
    // Blocked site data: reading window.localStorage itself throws.
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(deviceId()).toBeNull();
    blocked.mockRestore();

    // A full (or private) store refuses the write: an id that would not last is not sent.
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(deviceId()).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.deviceId)).toBeNull();
  });
});
