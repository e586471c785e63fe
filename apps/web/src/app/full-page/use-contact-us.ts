import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCustomerServicePaths } from '../../features/navigation/api/get-customer-service';
import { openCustomerService, type CS_WINDOW } from '../../lib/customer-service';
import { useSessionStore } from '../../lib/session-store';

/** Opens customer service; a failure shows a translated message instead of a broken window. */
export function useContactUs(variant: keyof typeof CS_WINDOW = 'default') {
  const { t } = useTranslation('shell');
  const rankLevel = useSessionStore((state) => state.member?.clubLabel?.rankLevel ?? 0);
  const [error, setError] = useState<string | null>(null);
  const contact = useCallback(() => {
    setError(null);
    openCustomerService({ loadPaths: getCustomerServicePaths, rankLevel, variant }).catch(() =>
      setError(t('customerServiceUnavailable')),
    );
  }, [rankLevel, t, variant]);
  return { contact, error };
}
