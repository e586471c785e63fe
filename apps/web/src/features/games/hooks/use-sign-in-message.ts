import { WHITELABEL } from '@parlay/contract/constants';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import type { PlayMode } from '../lib/navigation';

/**
 * What the login popup says to a guest who starts a game: play now needs a sign-in ('not logged in');
 * a free trial needs one too (decision 0007), and the popup names the guest sign-in when the brand
 * has free play on.
 */
export function useSignInMessage(): (mode: PlayMode) => string {
  const { t } = useTranslation('games');
  const canPlayAsGuest = useBrand().isEnabled(WHITELABEL.FREE_PLAY);
  return useCallback(
    (mode: PlayMode) => {
      if (mode === 'real') return t('notLoggedIn');
      return canPlayAsGuest ? t('trialNeedsSignInOrGuest') : t('trialNeedsSignIn');
    },
    [canPlayAsGuest, t],
  );
}
