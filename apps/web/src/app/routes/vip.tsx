import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { PageTitle } from '../../lib/page-title';
import { useSessionStore } from '../../lib/session-store';
import { SignInPrompt } from '../parts/sign-in-prompt';
import styles from './vip.module.css';

/** /vip: the member's rank from member info; the level table comes with the VIP feature. */
export function Component() {
  const { t } = useTranslation('shell');
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const member = useSessionStore((state) => state.member);
  return (
    <>
      <PageTitle name={t('menu.vip')} />
      <PageHeader icon="crown" title={t('menu.vip')} subtitle={t('pages.vipText')} />
      {!isSignedIn ? (
        <SignInPrompt icon="crown" title={t('pages.signInForVip')} />
      ) : (
        <div className={styles.layout}>
          <section className={styles.rankCard} aria-label={t('rank')}>
            <span className={styles.rankLabel}>{t('rank')}</span>
            <strong className={styles.rankName}>{member?.clubLabel?.labelName ?? '- -'}</strong>
            {member?.clubLabel && (
              <span className={styles.rankLevel}>{t('pages.rankLevel', { level: member.clubLabel.rankLevel })}</span>
            )}
          </section>
          <EmptyState icon="crown" title={t('pages.noVipLevels')} text={t('pages.noVipLevelsText')} compact />
        </div>
      )}
    </>
  );
}
