import {
  BACKOFFICE_CALLS,
  type EnrolmentResult,
  type OperatorSession,
  type RecoverySignInRequest,
  type SignInRequest,
  type SignInStep,
  type TotpSignInRequest,
} from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSessionOnPage } from '../../../lib/session';

/** Step 1: login and password; answers the second step (a code, or the first sign-in's enrolment). */
export function signIn(request: SignInRequest): Promise<SignInStep> {
  return apiRequest(BACKOFFICE_CALLS.signIn, { body: request });
}

export function signInWithTotp(request: TotpSignInRequest): Promise<OperatorSession> {
  return apiRequest(BACKOFFICE_CALLS.signInTotp, { body: request });
}

export function signInWithRecoveryCode(request: RecoverySignInRequest): Promise<OperatorSession> {
  return apiRequest(BACKOFFICE_CALLS.signInRecovery, { body: request });
}

/** The first sign-in's second step: the enrolled authenticator's first code; answers the recovery codes too. */
export function enrolTotp(request: TotpSignInRequest): Promise<EnrolmentResult> {
  return apiRequest(BACKOFFICE_CALLS.enrolTotp, { body: request });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

/** A code or a recovery code: the session it opens goes straight onto the page. */
export function useSecondStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TotpSignInRequest | RecoverySignInRequest) =>
      'code' in request ? signInWithTotp(request) : signInWithRecoveryCode(request),
    onSuccess: (session) => startSessionOnPage(client, session),
  });
}

/** Enrolment's session goes onto the page only after the recovery codes were shown (the caller's choice). */
export function useEnrolTotp() {
  return useMutation({ mutationFn: enrolTotp });
}
