import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /wps/session/logout (spec 01 §7): revokes the session token on the server. */
export function logout(): Promise<unknown> {
  return apiRequest(ACCOUNT_CALLS.logout);
}
