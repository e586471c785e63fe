import { WALLET_CALLS } from '@parlay/contract/constants';
import { isSessionEndReason, noteSessionEnd } from './session-end';
import { useSessionStore } from './session-store';

/** A message the member's socket was sent: `type` says whose it is (balance, unreadCount); each reader checks it. */
export type MemberSocketEvent = { type: string } & Record<string, unknown>;
type Listener = (event: MemberSocketEvent) => void;

const MAX_BACKOFF_MS = 30_000;
/** The server's close codes for a refused token or message: trying again would be refused again. */
const FINAL_CLOSE_CODES = new Set([4400, 4401]);

/** Where the member's socket lives: the same host as the page, ws or wss to match. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WALLET_CALLS.balanceSocket.path}`;
}

/** The backoff before reconnect attempt `attempt` (0-based): 1 s doubling, at most 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt));
}

/** Reads a message as an event with a type; anything else is not ours. Zod-free: the shell's first load uses it. */
export function parseMemberSocketEvent(data: unknown): MemberSocketEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { type?: unknown }).type !== 'string') {
      return null;
    }
    return parsed as MemberSocketEvent;
  } catch {
    return null;
  }
}

/**
 * One socket per signed-in tab (`WALLET_CALLS.balanceSocket`), however many parts listen (the balance, the unread
 * count): the first listener opens it, the last one closes it. It authenticates with the session token as its first
 * message and reconnects with backoff when the connection drops.
 */
class MemberSocket {
  private socket: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private token: string | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  subscribe(token: string, listener: Listener): () => void {
    if (this.token !== token) {
      this.stop();
      this.token = token;
    }
    this.listeners.add(listener);
    if (!this.socket && !this.timer) this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  private connect() {
    this.timer = null;
    if (typeof WebSocket === 'undefined' || !this.token) return;
    const token = this.token;
    const socket = new WebSocket(realtimeUrl(window.location));
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.attempt = 0;
      socket.send(JSON.stringify({ type: 'auth', token }));
    });
    socket.addEventListener('message', (message) => {
      const event = parseMemberSocketEvent(message.data);
      if (event) for (const listener of this.listeners) listener(event);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // Player protection ended the session (decision 0042): the site signs out at once and says why.
      if (event.code === 4401 && isSessionEndReason(event.reason)) {
        noteSessionEnd({ reason: event.reason });
        useSessionStore.getState().endSession();
      }
      if (this.listeners.size === 0 || FINAL_CLOSE_CODES.has(event.code)) return;
      this.timer = setTimeout(() => this.connect(), reconnectDelay(this.attempt));
      this.attempt += 1;
    });
  }

  private stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    this.attempt = 0;
    socket?.close();
  }
}

export const memberSocket = new MemberSocket();

/** The mailbox's unread count from a socket event, or null when the event is another's. */
export function unreadCountOf(event: MemberSocketEvent): number | null {
  return event.type === 'unreadCount' && Number.isInteger(event['count']) && (event['count'] as number) >= 0
    ? (event['count'] as number)
    : null;
}
