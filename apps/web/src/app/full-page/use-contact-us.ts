import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCustomerServicePaths } from '../../features/navigation/api/get-customer-service';
import { openSupportChat } from '../../features/support/open-support-chat';
import { CS_WINDOW, resolveCustomerService, VIP_CHAT_MIN_RANK_EXCLUSIVE } from '../../lib/customer-service';
import { useSessionStore } from '../../lib/session-store';

/**
 * Opens customer service (docs/product/site-shell-and-routes.md#support-chat): the brand's external chat in its small
 * window when it configured one, else the built-in support chat. A link back into this site (the help page) would
 * send the player in a circle, so it opens the built-in chat too. When neither can open, a translated message says
 * customer service is unavailable.
 */
export function useContactUs(variant: keyof typeof CS_WINDOW = 'default') {
  const { t } = useTranslation('shell');
  const rankLevel = useSessionStore((state) => state.member?.clubLabel?.rankLevel ?? 0);
  const [error, setError] = useState<string | null>(null);
  // Where each channel led the last time (true: the VIP channel), so a later click opens its window at once.
  const known = useRef(new Map<boolean, string | null>()).current;

  const resolve = useCallback(async () => {
    const vip = rankLevel > VIP_CHAT_MIN_RANK_EXCLUSIVE;
    if (known.has(vip)) return known.get(vip) ?? null;
    const target = await resolveCustomerService({ loadPaths: getCustomerServicePaths, rankLevel });
    known.set(vip, target);
    return target;
  }, [known, rankLevel]);

  const go = useCallback(
    (target: string | null) => {
      if (target) {
        const size = CS_WINDOW[variant];
        const popup = window.open(
          'about:blank',
          'parlay-customer-service',
          `width=${size.width},height=${size.height}`,
        );
        if (popup) popup.location.href = target;
        else window.location.href = target;
      } else {
        openSupportChat().catch(() => setError(t('customerServiceUnavailable')));
      }
    },
    [t, variant],
  );

  const contact = useCallback(() => {
    setError(null);
    const vip = rankLevel > VIP_CHAT_MIN_RANK_EXCLUSIVE;
    // Known already: at once, inside the click, so no pop-up blocker stops the window.
    if (known.has(vip)) {
      go(known.get(vip) ?? null);
      return;
    }
    resolve().then(go, () => go(null));
  }, [go, known, rankLevel, resolve]);

  /** Looks the link up ahead of a click (on hover or focus), so the click itself opens it at once. */
  const prepare = useCallback(() => void resolve().catch(() => undefined), [resolve]);

  return { contact, prepare, error };
}
