import type { SupportEvent } from '@parlay/contract';

/** What a socket is to the hub: something open that takes a text. */
export interface SupportSink {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
}

/** Where an event goes: the conversation's customer (a member's sockets or the visitor's) and the brand's inbox. */
export interface SupportDelivery {
  merchantId: number;
  conversationId: number;
  /** The member of the conversation; null for a visitor's. */
  memberId: number | null;
  event: SupportEvent;
}

function sendTo(sinks: Iterable<SupportSink> | undefined, message: string): void {
  for (const sink of sinks ?? []) if (sink.readyState === sink.OPEN) sink.send(message);
}

function add<K>(map: Map<K, Set<SupportSink>>, key: K, sink: SupportSink): () => void {
  const set = map.get(key) ?? new Set<SupportSink>();
  set.add(sink);
  map.set(key, set);
  return () => {
    set.delete(sink);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}

/**
 * The support chat's sockets held by this instance: visitors' by their conversation, operators' by the brand whose
 * inbox they have open. A member's sockets are the realtime plugin's (the member socket), reached through
 * `toMember`. Whether an operator is online is whether this instance holds an inbox socket of the brand.
 */
export class SupportHub {
  private readonly visitors = new Map<number, Set<SupportSink>>();
  private readonly operators = new Map<number, Set<SupportSink>>();

  /** Registers a visitor's socket; the answer forgets it. */
  addVisitor(conversationId: number, sink: SupportSink): () => void {
    return add(this.visitors, conversationId, sink);
  }

  /** Registers an operator's inbox socket for a brand; the answer forgets it. */
  addOperator(merchantId: number, sink: SupportSink): () => void {
    return add(this.operators, merchantId, sink);
  }

  operatorsOnline(merchantId: number): boolean {
    return (this.operators.get(merchantId)?.size ?? 0) > 0;
  }

  /** Delivers one event to the sockets this instance holds: the customer's and the brand's inbox. */
  deliver(delivery: SupportDelivery, toMember: (memberId: number, event: SupportEvent) => void): void {
    const message = JSON.stringify(delivery.event);
    if (delivery.memberId !== null) toMember(delivery.memberId, delivery.event);
    else sendTo(this.visitors.get(delivery.conversationId), message);
    sendTo(this.operators.get(delivery.merchantId), message);
  }
}
