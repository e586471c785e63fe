import type { RealityCheck } from '@parlay/contract';
import { ACCOUNT_CALLS, PROTECTION_CALLS } from '@parlay/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { apiRequest } from '../../../lib/api-client';
import { useOptionalBrand } from '../../../lib/brand';
import { formatMoney } from '../../../lib/format-money';
import { useMemberCentreStore } from '../../../lib/member-centre-store';
import { useSessionEndStore } from '../../../lib/session-end';
import { isRealAccount, useSessionStore } from '../../../lib/session-store';

/** Milliseconds from `now` to the next multiple of `intervalMinutes` after the session's sign-in. */
export function untilNextCheck(sessionStartedAt: string, intervalMinutes: number, now = Date.now()): number {
  const every = intervalMinutes * 60_000;
  const since = Math.max(0, now - new Date(sessionStartedAt).getTime());
  return every - (since % every);
}

/**
 * The reality check (docs/product/member-centre.md#responsible-gaming): at each of the member's intervals since
 * sign-in, the time played and the session's net result, both from the server, with the betting record, carry on,
 * or stop (sign out). And, once signed out by player protection, why.
 */
export function ProtectionNotices() {
  const { t, i18n } = useTranslation('member-protection');
  const token = useSessionStore((state) => state.token);
  const isReal = useSessionStore((state) => isRealAccount(state.isAgent));
  const endedReason = useSessionEndStore((state) => state.reason);
  const brand = useOptionalBrand()?.brand;
  const reality = useQuery({
    queryKey: ['member-protection', token, 'reality-check'],
    queryFn: ({ signal }) => apiRequest<RealityCheck>(PROTECTION_CALLS.realityCheck, { signal }),
    enabled: token !== null && isReal,
    staleTime: Infinity,
    retry: false,
  });
  const [shown, setShown] = useState<RealityCheck | null>(null);
  const check = token ? reality.data : undefined;

  useEffect(() => {
    if (!check?.intervalMinutes || shown) return;
    const timer = window.setTimeout(
      () => {
        // The figures are the server's at this moment.
        void reality.refetch().then((result) => {
          if (result.data) setShown(result.data);
        });
      },
      untilNextCheck(check.sessionStartedAt, check.intervalMinutes),
    );
    return () => window.clearTimeout(timer);
  }, [check, shown, reality]);

  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const money = (minor: number) =>
    formatMoney(minor, {
      currency: brand?.currency ?? 'KRW',
      exponent: brand?.currencyExponent ?? 0,
      locale,
      display: 'symbol',
      signDisplay: 'exceptZero',
    });
  const stop = async () => {
    setShown(null);
    try {
      await apiRequest(ACCOUNT_CALLS.logout);
    } catch {
      // Signed out here either way; the server ends the token on its own.
    }
    useMemberCentreStore.getState().closeMemberCentre();
    useSessionStore.getState().endSession();
  };

  return (
    <>
      <Dialog
        open={shown !== null && token !== null}
        onOpenChange={(open) => {
          if (!open) setShown(null);
        }}
        name="reality-check"
        title={t('reality.title')}
        buttons={[
          {
            label: t('reality.records'),
            variant: 'secondary',
            onClick: () => {
              setShown(null);
              useMemberCentreStore.getState().openMemberCentre('personalHistoryCopy');
            },
          },
          { label: t('reality.stop'), variant: 'secondary', onClick: () => void stop() },
          { label: t('reality.continue'), variant: 'primary', onClick: () => setShown(null) },
        ]}
      >
        {shown && (
          <>
            <p>{t('reality.played', { count: Math.floor(shown.playedSeconds / 60) })}</p>
            <p>
              {t('reality.result', { amount: money(shown.netMinor) })}{' '}
              <span>
                {t('reality.stakes', {
                  stakes: money(shown.stakeMinor).replace(/^\+/, ''),
                  wins: money(shown.winMinor).replace(/^\+/, ''),
                })}
              </span>
            </p>
          </>
        )}
      </Dialog>
      <Dialog
        open={endedReason !== null}
        onOpenChange={(open) => {
          if (!open) useSessionEndStore.getState().clear();
        }}
        name="session-ended"
        title={t('ended.title')}
      >
        {endedReason && t(`ended.${endedReason}`)}
      </Dialog>
    </>
  );
}
