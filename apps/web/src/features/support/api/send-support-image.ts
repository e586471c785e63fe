import { SUPPORT_CALLS, SupportMessageSchema, type SupportMessage } from '@parlay/contract';
import { supportRequest } from './support-call';

/** Sends a picture as it is: the server checks its bytes, never its name or type. */
export function sendSupportImage(file: Blob): Promise<SupportMessage> {
  return supportRequest(SUPPORT_CALLS.sendSupportImage, { body: file }, SupportMessageSchema);
}
