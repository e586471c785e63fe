import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { VipOverview } from '../../features/vip';
import { PageTitle } from '../../lib/page-title';
import { isRealAccount, useSessionStore } from '../../lib/session-store';
import { SignInPrompt } from '../parts/sign-in-prompt';
import styles from './vip.module.css';

/** /vip: the member's level and progress, the brand's levels and the member's level changes (features/vip). */
export function Component() {
  const { t } = useTranslation('shell');
  // A trial (type 4) account has no rank: VIP's calls are a real member's.
  const isMember = useSessionStore((state) => state.isSignedIn && isRealAccount(state.isAgent));
  return (
    <>
      <PageTitle name={t('menu.vip')} />
      <PageHeader icon="crown" title={t('menu.vip')} subtitle={t('pages.vipText')} />
      <div className={styles.layout}>
        {isMember ? <VipOverview /> : <SignInPrompt icon="crown" title={t('pages.signInForVip')} />}
      </div>
    </>
  );
}
