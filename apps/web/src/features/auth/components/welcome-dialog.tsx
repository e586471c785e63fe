import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { formatMoney } from '../../../lib/format-money';
import { isBuiltMemberCentrePage, useMemberCentreStore } from '../../../lib/member-centre-store';
import { useModal } from '../../../lib/modal-store';
import { useSignupBonus } from '../api/get-signup-bonus';
import styles from './welcome-dialog.module.css';

/**
 * The welcome a new member lands on after registering (decision 0072), in place of a bare lobby: its name, the next
 * step (the first deposit, on the cashier's deposit page), the brand's sign-up bonus when it gives one, and the
 * games. It opens once, from the registration's sign-in.
 */
export function WelcomeDialog() {
  const { t, i18n } = useTranslation('auth');
  const modal = useModal('welcomeModal');
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  const signupBonus = useSignupBonus().data;
  const bonus = signupBonus
    ? formatMoney(signupBonus.amountMinor, {
        currency: signupBonus.currency,
        exponent: signupBonus.currencyExponent,
        locale: i18n.resolvedLanguage ?? i18n.language ?? 'ko',
        display: 'symbol',
      })
    : null;
  const canDeposit = isBuiltMemberCentrePage('depositv2');
  const canSeeBonuses = isBuiltMemberCentrePage('bonusDetails');
  const go = (page: 'depositv2' | 'bonusDetails') => {
    modal.close();
    openMemberCentre(page);
  };
  const name = modal.payload.name;
  return (
    <Modal
      open={modal.isOpen}
      onOpenChange={modal.onOpenChange}
      title={name ? t('welcome.title', { name }) : t('welcome.titleNoName')}
      description={t('welcome.intro')}
      name="welcomeModal"
      width={440}
      height={0}
    >
      <div className={styles.body}>
        {bonus && signupBonus && (
          <section className={styles.bonus} data-testid="welcome-bonus">
            <span className={styles.bonusLabel}>{t('welcome.bonusLabel')}</span>
            <strong className={styles.bonusAmount}>{bonus}</strong>
            <span className={styles.bonusNote}>
              {signupBonus.wageringMultiplier > 0
                ? t('welcome.bonusWagering', { times: signupBonus.wageringMultiplier })
                : t('welcome.bonusNoWagering')}
            </span>
            {canSeeBonuses && (
              <button type="button" className={styles.link} onClick={() => go('bonusDetails')}>
                {t('welcome.seeBonuses')}
              </button>
            )}
          </section>
        )}
        <ol className={styles.steps}>
          {canDeposit && (
            <li className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                1
              </span>
              <div className={styles.stepText}>
                <strong>{t('welcome.depositTitle')}</strong>
                <span>{t('welcome.depositText')}</span>
              </div>
            </li>
          )}
          <li className={styles.step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {canDeposit ? 2 : 1}
            </span>
            <div className={styles.stepText}>
              <strong>{t('welcome.exploreTitle')}</strong>
              <span>{t('welcome.exploreText')}</span>
            </div>
          </li>
        </ol>
        <div className={styles.actions}>
          {canDeposit && (
            <Button block onClick={() => go('depositv2')}>
              {t('welcome.deposit')}
            </Button>
          )}
          <Button block variant={canDeposit ? 'secondary' : 'primary'} onClick={() => modal.close()}>
            {t('welcome.explore')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
