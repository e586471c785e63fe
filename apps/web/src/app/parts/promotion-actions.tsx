import type { HubPromotion } from '@parlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApplicationOffers } from '../../features/applications/api/applications';
import { ApplyDialog } from '../../features/applications/components/apply-dialog';
import { promotionKeys } from '../../features/promotions/api/promotions';
import { guardProtectedAction } from '../../lib/account-gate';
import { useMemberCentreStore } from '../../lib/member-centre-store';
import { openModal } from '../../lib/modal-store';

/**
 * The one action of a hub promotion, done by the feature it belongs to (decision 0058): a visitor's sign-in or
 * sign-up, the deposit page (where a deposit bonus is chosen), the application's apply dialog, the raffle's own
 * section, or the member-centre page of a bonus, cashback or missions. Pages combine features; the hub knows none.
 */
export function usePromotionActions(options: { onRaffle?: (item: HubPromotion) => void } = {}) {
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  const queryClient = useQueryClient();
  const offers = useApplicationOffers();
  const [applyingCode, setApplyingCode] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const run = (item: HubPromotion) => {
    setNotice(null);
    switch (item.action) {
      case 'login':
        openModal('loginPopupModal');
        return;
      case 'register':
        openModal('registerModal');
        return;
      case 'deposit':
        if (guardProtectedAction()) openMemberCentre('depositv2');
        return;
      case 'apply':
        setApplyingCode(item.code);
        return;
      case 'raffle':
        options.onRaffle?.(item);
        return;
      case 'bonusDetails':
      case 'manualRebate':
      case 'missionLeaderboard':
        if (guardProtectedAction()) openMemberCentre(item.action);
        return;
      case 'none':
        return;
    }
  };

  const applying = offers.data?.items.find((offer) => offer.code === applyingCode) ?? null;
  const dialog = (
    <ApplyDialog
      offer={applying}
      onClose={() => setApplyingCode(null)}
      onApplied={(title) => {
        setNotice(title);
        void queryClient.invalidateQueries({ queryKey: promotionKeys.root });
      }}
    />
  );
  return { run, dialog, appliedTitle: notice };
}
