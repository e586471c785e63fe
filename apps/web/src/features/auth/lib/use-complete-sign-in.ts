import type { LoginResult } from '@parlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSafeNavigate } from '../../../hooks/use-safe-navigate';
import { openModal, useModalStore } from '../../../lib/modal-store';
import { useSessionStore, type SessionMember } from '../../../lib/session-store';
import { writeSession } from '../../../lib/storage';
import { useAuthFlowStore } from './auth-flow-store';

export type SignInVia = 'username' | 'sms' | 'freeplay' | 'register' | 'recovery';

/** The member info the session store keeps, from a login result. */
export function toSessionMember(result: LoginResult): SessionMember {
  return {
    id: result.id,
    account: result.account,
    nickname: result.nickname,
    type: result.type,
    clubLabel: result.clubLabel,
    isFreePlay: result.isFreePlay,
  };
}

/**
 * After a sign-in (docs/product/accounts.md#sign-in-flow): store the token, set the member, then either the forced
 * change-password dialog (default or expired password, username sign-in only) or close and go to /; a registration
 * goes to / with the welcome open.
 */
export function useCompleteSignIn() {
  const startSession = useSessionStore((state) => state.startSession);
  const setMember = useSessionStore((state) => state.setMember);
  const queryClient = useQueryClient();
  const navigate = useSafeNavigate();

  return useCallback(
    (result: LoginResult, via: SignInVia, typedPassword?: string) => {
      startSession({ token: result.token, isAgent: result.type, account: result.account });
      setMember(toSessionMember(result));
      void queryClient.invalidateQueries({ queryKey: ['navigation'] });
      const mustChange = result.cpw && via === 'username';
      writeSession('cpw', String(mustChange));
      if (mustChange) {
        useAuthFlowStore.getState().setKnownPassword(typedPassword ?? null);
        openModal('changePassModal', { reason: result.passwordIsDefault ? 'default' : 'expired' });
        return;
      }
      // A new member lands on its welcome and next step, not on a bare lobby (decision 0072): it opens once, here.
      if (via === 'register') openModal('welcomeModal', { name: result.nickname || result.account });
      else useModalStore.getState().closeModal();
      navigate('/');
    },
    [startSession, setMember, queryClient, navigate],
  );
}
