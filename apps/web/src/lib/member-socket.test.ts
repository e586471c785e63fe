import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberSocket } from './member-socket';
import { useSessionEndStore } from './session-end';
import { useSessionStore } from './session-store';

/** A WebSocket the test closes with the server's code and reason. */
class FakeSocket extends EventTarget {
  static last: FakeSocket | null = null;
  constructor() {
    super();
    FakeSocket.last = this;
  }
  send() {}
  close() {}
  serverCloses(code: number, reason: string) {
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason }));
  }
}

describe('memberSocket', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().endSession();
    useSessionEndStore.getState().clear();
  });

  it('signs out and keeps the reason when player protection closes the socket', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    const stop = memberSocket.subscribe('token-1', () => undefined);
    FakeSocket.last!.serverCloses(4401, 'selfExclusion');
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionEndStore.getState().reason).toBe('selfExclusion');
    stop();
  });

  it('keeps the session when the socket is refused for another reason', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    useSessionStore.getState().startSession({ token: 'token-2', isAgent: 0, account: 'demo' });
    const stop = memberSocket.subscribe('token-2', () => undefined);
    FakeSocket.last!.serverCloses(4401, 'NOT_LOGGED_IN');
    expect(useSessionStore.getState().token).toBe('token-2');
    expect(useSessionEndStore.getState().reason).toBeNull();
    stop();
  });
});
