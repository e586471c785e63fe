import {
  AuthenticatorEnrolmentSchema,
  MemberRecoveryCodesSchema,
  type AuthenticatorEnrolment,
  type MemberRecoveryCodes,
} from '@parlay/contract';
import { SECURITY_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { securityKeys } from './query-keys';

// The authenticator's three writes, one flow: start (the QR code), confirm (the recovery codes), remove.

/** POST /wps/member/security/authenticator/enrolment: a new secret and its otpauth:// URI. */
export function startAuthenticator(): Promise<AuthenticatorEnrolment> {
  return apiRequest(SECURITY_CALLS.startAuthenticator, { body: {} }, AuthenticatorEnrolmentSchema);
}

/** POST /wps/member/security/authenticator: the confirming code; answers the recovery codes, shown once. */
export function confirmAuthenticator(code: string): Promise<MemberRecoveryCodes> {
  return apiRequest(SECURITY_CALLS.confirmAuthenticator, { body: { code } }, MemberRecoveryCodesSchema);
}

/** POST /wps/member/security/authenticator/remove: with a code of the authenticator or a recovery code. */
export function removeAuthenticator(code: string): Promise<unknown> {
  return apiRequest(SECURITY_CALLS.removeAuthenticator, { body: { code } });
}

function useInvalidateOverview() {
  const token = useSessionStore((state) => state.token);
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: securityKeys.overview(token) });
}

export function useStartAuthenticator() {
  return useMutation({ mutationFn: startAuthenticator });
}

export function useConfirmAuthenticator() {
  const invalidate = useInvalidateOverview();
  return useMutation({ mutationFn: confirmAuthenticator, onSuccess: invalidate });
}

export function useRemoveAuthenticator() {
  const invalidate = useInvalidateOverview();
  return useMutation({ mutationFn: removeAuthenticator, onSuccess: invalidate });
}
