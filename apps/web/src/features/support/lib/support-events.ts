import { SupportEventSchema, type SupportEvent } from '@parlay/contract';
import { memberSocket, parseMemberSocketEvent, realtimeUrl, reconnectDelay } from '../../../lib/member-socket';

/**
 * The support chat's events as they happen: a member's come on the member socket the balance shares; a visitor's on
 * a socket of their own, which says who it is by the conversation's token and reconnects after a drop. The answer
 * stops listening.
 */
export function listenToSupport(
  who: { token: string } | { visitorToken: string },
  listener: (event: SupportEvent) => void,
): () => void {
  const accept = (raw: unknown) => {
    const parsed = SupportEventSchema.safeParse(raw);
    if (parsed.success) listener(parsed.data);
  };
  if ('token' in who) return memberSocket.subscribe(who.token, accept);

  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;
  const connect = () => {
    timer = null;
    if (stopped || typeof WebSocket === 'undefined') return;
    const current = new WebSocket(realtimeUrl(window.location));
    socket = current;
    current.addEventListener('open', () => {
      attempt = 0;
      current.send(JSON.stringify({ type: 'supportAuth', visitorToken: who.visitorToken }));
    });
    current.addEventListener('message', (message) => {
      const event = parseMemberSocketEvent(message.data);
      if (event) accept(event);
    });
    current.addEventListener('close', (event) => {
      if (socket !== current || stopped || event.code === 4401 || event.code === 4400) return;
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    });
  };
  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    socket?.close();
  };
}
