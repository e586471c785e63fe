import { DEVICE_ID_PATTERN } from '@parlay/contract/constants';
import { LOCAL_KEYS } from './storage';

/** 128 random bits as base64url, no padding: 22 characters. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * This browser's device id (decision 0057): made once, at random, and kept in local storage (`deviceId`), so the
 * sign-in and registration calls can carry it and the abuse check can tell two accounts used on one browser. It says
 * nothing of the device itself, and the server keeps only its hash. Null when local storage cannot be read or written
 * (disabled, a full or private store): an id that would not last is not sent.
 */
export function deviceId(): string | null {
  try {
    const kept = localStorage.getItem(LOCAL_KEYS.deviceId);
    if (kept && DEVICE_ID_PATTERN.test(kept)) return kept;
    const made = randomId();
    localStorage.setItem(LOCAL_KEYS.deviceId, made);
    return localStorage.getItem(LOCAL_KEYS.deviceId) === made ? made : null;
  } catch {
    return null;
  }
}
