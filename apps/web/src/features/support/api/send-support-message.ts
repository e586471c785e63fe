import { SUPPORT_CALLS, SupportMessageSchema, type SupportMessage } from '@parlay/contract';
import { supportRequest } from './support-call';

/** Sends a text into the caller's conversation. */
export function sendSupportMessage(text: string): Promise<SupportMessage> {
  return supportRequest(SUPPORT_CALLS.sendSupportMessage, { body: { text } }, SupportMessageSchema);
}
