import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { PointMall } from '../../features/point-mall';
import { PageTitle } from '../../lib/page-title';
import { useSessionStore } from '../../lib/session-store';
import { SignInPrompt } from '../parts/sign-in-prompt';

/**
 * /pointMall: the points mall, without the side menu (docs/product/site-shell-and-routes.md#chrome-of-each-page). The
 * mall (features/point-mall) comes in this page's chunk, never with the lobby's first load.
 */
export function Component() {
  const { t } = useTranslation('shell');
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  return (
    <>
      <PageTitle name={t('pages.pointMall')} />
      <PageHeader icon="gift" title={t('pages.pointMall')} subtitle={t('pages.pointMallText')} />
      {isSignedIn ? <PointMall /> : <SignInPrompt icon="gift" title={t('pages.signInForPoints')} />}
    </>
  );
}
