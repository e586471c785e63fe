import { BalanceEventSchema, type BalanceEvent } from '@parlay/contract';
import { memberSocket } from '../../../lib/member-socket';

export { realtimeUrl, reconnectDelay } from '../../../lib/member-socket';

/** Reads a balance message; anything else on the socket is not ours and is ignored. */
export function parseBalanceEvent(data: unknown): BalanceEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = BalanceEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The balance on the member's socket (lib/member-socket.ts), which the mailbox's unread count shares. */
export const balanceSocket = {
  subscribe(token: string, listener: (event: BalanceEvent) => void): () => void {
    return memberSocket.subscribe(token, (event) => {
      const parsed = BalanceEventSchema.safeParse(event);
      if (parsed.success) listener(parsed.data);
    });
  },
};
