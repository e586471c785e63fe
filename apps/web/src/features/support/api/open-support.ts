import { OpenSupportSchema, SUPPORT_CALLS, type OpenSupport, type OpenSupportRequest } from '@parlay/contract';
import { storeVisitorToken } from '../lib/visitor-token';
import { supportRequest } from './support-call';

/** Opens the caller's conversation (a visitor's token kept for the next calls) with its history. */
export async function openSupport(request: OpenSupportRequest = {}): Promise<OpenSupport> {
  const opened = await supportRequest(SUPPORT_CALLS.openSupport, { body: request }, OpenSupportSchema);
  if (opened.visitorToken) storeVisitorToken(opened.visitorToken);
  return opened;
}
