import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { PageTitle } from '../../lib/page-title';
import { useSessionStore } from '../../lib/session-store';
import { SignInPrompt } from '../parts/sign-in-prompt';

/** /pointMall: the points mall, without the side menu (docs/product/site-shell-and-routes.md#chrome-of-each-page). */
export function Component() {
  const { t } = useTranslation('shell');
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  return (
    <>
      <PageTitle name={t('pages.pointMall')} />
      <PageHeader icon="gift" title={t('pages.pointMall')} subtitle={t('pages.pointMallText')} />
      {isSignedIn ? (
        <EmptyState icon="gift" title={t('pages.noRewards')} text={t('pages.noRewardsText')} />
      ) : (
        <SignInPrompt icon="gift" title={t('pages.signInForPoints')} />
      )}
    </>
  );
}
