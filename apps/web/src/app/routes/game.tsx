import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { GameLaunchPage } from '../feature-slots';

/** /game: the iframe launch page, header only; the games feature fills it (spec 01 §2). */
export function Component() {
  const { t } = useTranslation('shell');
  return (
    <GameLaunchPage.Component
      fallback={
        <div style={{ maxWidth: 'var(--content-max)', margin: '0 auto', padding: 'var(--space-6) var(--space-4)' }}>
          <EmptyState
            icon="slots"
            title={t('pages.noGameOpen')}
            text={t('pages.noGameOpenText')}
            action={
              <Link to="/index" className={buttonClassName()}>
                {t('backToLobby')}
              </Link>
            }
          />
        </div>
      }
    />
  );
}
