import { callWithParams, SUPPORT_CALLS, SUPPORT_VISITOR_HEADER } from '@parlay/contract';
import { useSessionStore } from '../../../lib/session-store';
import { readVisitorToken } from '../lib/visitor-token';

/**
 * A picture of the caller's conversation as an object URL: an `<img>` cannot send the session's or the visitor's
 * token, so it is fetched with them. The caller revokes the URL.
 */
export async function getSupportImage(imageId: number, signal?: AbortSignal): Promise<string> {
  const { token, isSignedIn } = useSessionStore.getState();
  const visitor = isSignedIn ? null : readVisitorToken();
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (visitor) headers[SUPPORT_VISITOR_HEADER] = visitor;
  const response = await fetch(callWithParams(SUPPORT_CALLS.supportImage, { imageId }).path, { headers, signal });
  if (!response.ok) throw new Error(`support image ${imageId}: ${response.status}`);
  return URL.createObjectURL(await response.blob());
}
