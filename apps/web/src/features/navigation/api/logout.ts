import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /wps/session/logout (docs/product/calls.md#session-and-sign-in): revokes the session token on the server. */
export function logout(): Promise<unknown> {
  return apiRequest(ACCOUNT_CALLS.logout);
}
